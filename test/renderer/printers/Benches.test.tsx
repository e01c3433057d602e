import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Benches } from '../../../renderer/features/printers/Benches';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage();
});
beforeEach(async () => {
  await useBridge(station);
  window.localStorage.clear();
});
afterAll(() => station.stop());

const folderPrinter = {
  id: 'folder',
  printerVendorId: 'save-as-pdf',
  name: 'Save as PDF',
  nickname: 'Save as PDF',
  visible: true,
  status: 'online',
  statusReason: null,
  computer: { id: 'c', printerVendorId: 'h', status: 'online', nickname: 'h', name: 'h' },
  trays: [],
  paperSizes: [],
  config: { fitToPage: false, tray: '' },
  layoutConfigs: [],
  zpl: { takesZpl: false, detected: false, setting: null },
};

describe('Benches on the Printers page', () => {
  it('adds a bench, shows a pairing code, and this screen pairs with it by that code', async () => {
    const printers = (await (await station.admin('/printers')).json()) as Array<typeof folderPrinter>;
    renderPage(<Benches printers={printers.length ? printers : [folderPrinter]} />);
    const region = await screen.findByRole('region', { name: 'Benches' });
    fireEvent.change(await within(region).findByLabelText('New bench'), { target: { value: 'Упаковка 1' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Add bench' }));
    const bench = await within(region).findByLabelText('Bench Упаковка 1');
    fireEvent.click(within(bench).getByRole('button', { name: 'Pair a screen' }));
    const code = (await within(bench).findByText(/^[A-Z2-9]{8}$/)).textContent!;

    fireEvent.change(within(region).getByLabelText(/Pair this screen with a bench/), { target: { value: code } });
    fireEvent.click(within(region).getByRole('button', { name: 'Pair' }));
    expect(await within(region).findByText(/^This screen is/)).toHaveTextContent(/This screen is Упаковка 1: its scans print at the bench’s printers/);
    // The station knows the screen by the token this browser now sends.
    const token = window.localStorage.getItem('station.benchToken')!;
    const screenAnswer = (await (await fetch(`${station.url}/admin/api/bench-screen`, { headers: { 'X-Station-Bench': token } })).json()) as { bench: { name: string; screens: number } };
    expect(screenAnswer.bench).toMatchObject({ name: 'Упаковка 1', screens: 1 });
    // A used code is refused, in words.
    fireEvent.click(within(region).getByRole('button', { name: 'Unpair' }));
    fireEvent.change(await within(region).findByLabelText(/Pair this screen with a bench/), { target: { value: code } });
    fireEvent.click(within(region).getByRole('button', { name: 'Pair' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/pairing code is not valid/);
  });

  it('counts a screen paired elsewhere and who signs in and out there, live, without a reload', async () => {
    const bench = (await (await station.admin('/benches', { json: { name: 'Упаковка 3' } })).json()) as { id: string };
    renderPage(<Benches printers={[folderPrinter]} />);
    const card = await screen.findByLabelText('Bench Упаковка 3');
    expect(card).toHaveTextContent('0 paired screens');
    expect(card).toHaveTextContent('Nobody signed in here.');
    // Another screen, at the bench, pairs and a packer scans her badge there.
    const { code } = (await (await station.admin(`/benches/${bench.id}/pairing-code`, { method: 'POST' })).json()) as { code: string };
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${station.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const { benchToken } = (await (await post('/admin/api/bench-screen', { code })).json()) as { benchToken: string };
    await waitFor(() => expect(screen.getByLabelText('Bench Упаковка 3')).toHaveTextContent('1 paired screen'));
    const invited = (await (await station.admin(`/teams/${station.team.id}/invitations`, { json: { email: 'zhu@benches.example', role: 'operator' } })).json()) as { invitation: { acceptUrl: string } };
    const { userId } = (await (await post('/admin/api/invitations/accept', { token: invited.invitation.acceptUrl.replace(/^.*\/invitations\//, ''), name: '朱丽', password: 'a password for the page' })).json()) as { userId: string };
    const { badge } = (await (await station.admin(`/people/${userId}/badge`, { method: 'POST' })).json()) as { badge: string };
    const { sessionToken } = (await (await post('/admin/api/session', { badge }, { 'X-Station-Bench': benchToken })).json()) as { sessionToken: string };
    await waitFor(() => expect(screen.getByLabelText('Bench Упаковка 3')).toHaveTextContent('Signed in here: 朱丽'));
    await fetch(`${station.url}/admin/api/session`, { method: 'DELETE', headers: { Authorization: `Bearer ${sessionToken}`, 'X-Station-Bench': benchToken } });
    await waitFor(() => expect(screen.getByLabelText('Bench Упаковка 3')).toHaveTextContent('Nobody signed in here.'));
  });

  it('offers the tags the teams’ flows make for a bench’s route, and says when a typed tag is none of them', async () => {
    await station.admin('/benches', { json: { name: 'Упаковка 4' } });
    renderPage(<Benches printers={[folderPrinter]} />);
    const card = await screen.findByLabelText('Bench Упаковка 4');
    // The route form shows once the page knows the person is the station admin.
    const field = (await within(card).findByLabelText('Tag at Упаковка 4')) as HTMLInputElement;
    // The station's team's default flow makes a packing slip: offered, with the team that makes it.
    await waitFor(() => expect([...field.list!.options].map((option) => option.value)).toContain('packing-slip'));
    const offered = [...field.list!.options].find((option) => option.value === 'packing-slip')!;
    expect(offered.textContent).toBe(station.team.name);
    fireEvent.change(field, { target: { value: 'packing slip' } });
    expect(within(card).getByRole('status')).toHaveTextContent('No flow makes documents tagged “packing slip”: did you mean packing-slip?');
    fireEvent.change(field, { target: { value: 'packing-slip' } });
    expect(within(card).queryByText(/No flow makes documents tagged/)).not.toBeInTheDocument();
  });

  it('makes the desktop app’s window a bench’s, and the station’s own again', async () => {
    const bench = (await (await station.admin('/benches', { json: { name: 'Упаковка 2' } })).json()) as { id: string; name: string };
    renderPage(<Benches printers={[folderPrinter]} />);
    const region = await screen.findByRole('region', { name: 'Benches' });
    const choice = await within(region).findByLabelText('The desktop app’s window');
    expect(choice).toHaveValue('');
    fireEvent.change(choice, { target: { value: bench.id } });
    await waitFor(async () => expect(await (await station.admin('/settings/desktop-window')).json()).toEqual({ benchId: bench.id, benchName: 'Упаковка 2' }));
    expect(choice).toHaveValue(bench.id);
    fireEvent.change(choice, { target: { value: '' } });
    await waitFor(async () => expect(await (await station.admin('/settings/desktop-window')).json()).toEqual({ benchId: null, benchName: null }));
  });
});
