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
});
