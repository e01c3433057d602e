import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesktopSession, sessionToken } from '../../../renderer/app/api';
import { electronPreloadFake } from '../station-harness';
import { startStationProcess, type StationProcess } from '../station-process';

/**
 * The desktop window made a bench's window (Printers → Benches → This desktop's window):
 * the main process hands it the bench's token and no session (main/electron/desktop.ts; the
 * boot test shows that side). Here the page's side: the preload fake answers as the main
 * process then does, and the dashboard opens on the bench's locked screen.
 */
let station: StationProcess;
let App: typeof import('../../../renderer/app/App').App;
beforeAll(async () => {
  // The whole dashboard: its charts (uPlot) read the screen's pixel ratio as they load, which
  // jsdom cannot answer; a screen of ratio 1 that never changes.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  ({ App } = await import('../../../renderer/app/App'));
  station = await startStationProcess('Bench window shop');
});
afterAll(() => station.stop());

const PASSWORD = 'correct horse battery staple';

/** A person of the station's team, invited and accepted with a password, with a badge. */
async function personWithBadge(email: string, name: string, role: 'admin' | 'operator') {
  const invited = (await (await station.admin(`/teams/${station.team.id}/invitations`, { json: { email, role } })).json()) as { invitation: { acceptUrl: string } };
  const token = invited.invitation.acceptUrl.replace(/^.*\/invitations\//, '');
  const accepted = (await (await fetch(`${station.url}/admin/api/invitations/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, name, password: PASSWORD }) })).json()) as { userId: string };
  const { badge } = (await (await station.admin(`/people/${accepted.userId}/badge`, { method: 'POST' })).json()) as { badge: string };
  return badge;
}

describe('the desktop window as a bench window', () => {
  it('opens on the bench’s locked screen; a scanned badge signs an operator in at Orders; an admin signs in with a password', async () => {
    const bench = (await (await station.admin('/benches', { json: { name: 'Упаковка 1' } })).json()) as { id: string };
    const { code } = (await (await station.admin(`/benches/${bench.id}/pairing-code`, { method: 'POST' })).json()) as { code: string };
    const paired = (await (await fetch(`${station.url}/admin/api/bench-screen`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) })).json()) as { benchToken: string };
    const badge = await personWithBadge('olga@bench-window.example', 'Ольга Упаковщица', 'admin');

    // What the main process answers a bench window: its bench, no session.
    window.station = { ...electronPreloadFake(station), sessionToken: async () => null, benchToken: async () => paired.benchToken };
    window.location.hash = '#/orders';
    await loadDesktopSession();
    expect(sessionToken()).toBeNull();
    render(<App />);

    const locked = await screen.findByRole('region', { name: 'Bench Упаковка 1' });
    // A scanner types the badge in one burst, then Enter.
    const scanBox = within(locked).getByLabelText('Scan your badge');
    fireEvent.change(scanBox, { target: { value: badge } });
    fireEvent.submit(scanBox.closest('form')!);

    // Signed in at Orders as an operator (an admin at a bench is one): no admin pages.
    expect(await screen.findByText('Ольга Упаковщица · operator')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/orders');
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('link', { name: /Templates/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Orders/ })).toBeInTheDocument();
    // At a bench, a scan prints: the switch is on until someone here switches it off.
    expect(await screen.findByRole('checkbox', { name: 'Print as soon as an order is scanned' })).toBeChecked();
    const me = (await (await fetch(`${station.url}/admin/api/me`, { headers: { Authorization: `Bearer ${sessionToken()}` } })).json()) as { bench: boolean; stationAdmin: boolean };
    expect(me).toMatchObject({ bench: true, stationAdmin: false });
    // The station says who is signed in at the bench.
    const benchNow = (await (await station.admin(`/benches/${bench.id}`)).json()) as { signedIn: string[] };
    expect(benchNow.signedIn).toEqual(['Ольга Упаковщица']);

    // Signed out, the bench window is locked again (no session handed over by the main process).
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('region', { name: 'Bench Упаковка 1' })).toBeInTheDocument();
    expect(sessionToken()).toBeNull();

    // Admin pages need an admin's password: signed in with it, the admin's own rights.
    const form = screen.getByRole('form', { name: 'Sign in' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'olga@bench-window.example' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Ольга Упаковщица · admin')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('navigation')).getByRole('link', { name: /Templates/ })).toBeInTheDocument());
  });
});
