import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PeopleSettings } from '../../../renderer/features/settings/PeopleSettings';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Склад Восток');
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('Settings → People', () => {
  it('invites someone to a team with a role; with no mail set up the link is shown to hand over', async () => {
    renderPage(<PeopleSettings />);
    const people = await screen.findByRole('region', { name: 'People' });
    await within(people).findByRole('option', { name: 'Склад Восток' });
    fireEvent.change(within(people).getByLabelText(/Invite to/), { target: { value: station.team.id } });
    fireEvent.change(await within(people).findByLabelText('Invite by e-mail'), { target: { value: 'mei.tanaka@vostok.example' } });
    fireEvent.change(within(people).getByLabelText('as'), { target: { value: 'viewer' } });
    fireEvent.click(within(people).getByRole('button', { name: 'Invite' }));
    const link = await within(people).findByTestId('accept-link');
    expect(link.textContent).toMatch(/\/invitations\//);
    expect(within(people).getByLabelText('Invite by e-mail')).toHaveValue('');
    const invitations = (await (await station.admin(`/teams/${station.team.id}/invitations`)).json()) as Array<{ email: string; role: string; state: string }>;
    expect(invitations.find((invitation) => invitation.email === 'mei.tanaka@vostok.example')).toMatchObject({ role: 'viewer', state: 'open' });
  });

  it('keeps the address typed when the station refuses it, and says why', async () => {
    renderPage(<PeopleSettings />);
    const people = await screen.findByRole('region', { name: 'People' });
    await within(people).findByRole('option', { name: 'Склад Восток' });
    fireEvent.change(within(people).getByLabelText(/Invite to/), { target: { value: station.team.id } });
    const address = await within(people).findByLabelText('Invite by e-mail');
    // The browser's own check is bypassed: the station's refusal is what is shown.
    fireEvent.change(address, { target: { value: 'not-an-address' } });
    fireEvent.submit(address.closest('form')!);
    expect(await within(people).findByRole('alert')).toHaveTextContent(/e-mail|email/i);
    expect(address).toHaveValue('not-an-address');
  });

  it('lists a person’s badge and PIN under Sign-in ways, removes the badge, and signs them out everywhere', async () => {
    const invited = (await (await station.admin(`/teams/${station.team.id}/invitations`, { json: { email: 'badge.holder@vostok.example', role: 'operator' } })).json()) as { invitation: { acceptUrl: string } };
    const token = invited.invitation.acceptUrl.replace(/^.*\/invitations\//, '');
    const accepted = await fetch(`${station.url}/admin/api/invitations/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, password: 'a password for the bench', name: 'Богдан' }) });
    const { userId } = (await accepted.json()) as { userId: string };
    const { badge } = (await (await station.admin(`/people/${userId}/badge`, { method: 'POST' })).json()) as { badge: string };
    const badgeSignIn = () => fetch(`${station.url}/admin/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ badge }) });
    expect((await badgeSignIn()).status).toBe(201);

    renderPage(<PeopleSettings />);
    const row = (await screen.findByText('Богдан')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sign-in ways' }));
    const ways = await within(row).findByRole('list', { name: "Богдан's ways to sign in" });
    expect(ways).toHaveTextContent(/Badge: issued/);
    expect(ways).toHaveTextContent('Sessions open: 1');
    fireEvent.click(within(ways).getByRole('button', { name: 'Remove badge' }));
    await within(row).findByText('The badge no longer signs in.');
    expect(await within(row).findByRole('list', { name: "Богдан's ways to sign in" })).toHaveTextContent('Badge: none');
    expect((await badgeSignIn()).status).toBe(401);

    fireEvent.click(within(row).getByRole('button', { name: 'Sign out everywhere' }));
    await within(row).findByText(/^Signed out everywhere: 1 session\(s\) ended/);
    expect(await within(row).findByRole('list', { name: "Богдан's ways to sign in" })).toHaveTextContent('Sessions open: 0');
  });
});
