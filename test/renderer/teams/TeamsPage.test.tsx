import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TeamsPage } from '../../../renderer/features/teams/TeamsPage';
import { progressWords } from '../../../renderer/features/teams/teams';
import { acceptAndSignIn, renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;

beforeAll(async () => {
  station = await stationForPage('Northwind Fulfilment', 'three_pl');
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

const merchants = async () => (await (await station.admin(`/teams/${station.team.id}/merchants`)).json()) as { id: string; name: string; status: string; account_manager_user_id: string | null }[];

/** A merchant made through the station's API, for tests about what the page shows of one. */
async function merchantViaApi(name: string, email?: string) {
  const response = await station.admin(`/teams/${station.team.id}/merchants`, { json: { name, ...(email ? { email } : {}) } });
  if (response.status !== 201) throw new Error(`merchant not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { team: { id: string } }).team;
}

/** A merchant's row in the Merchants table (the page lists teams in other tables too). */
const merchantRow = async (name: RegExp) => within(await screen.findByRole('table', { name: 'Merchants' })).findByRole('row', { name });

async function createMerchant(name: string, email?: string) {
  fireEvent.change(await screen.findByLabelText('New merchant'), { target: { value: name } });
  if (email) fireEvent.change(screen.getByLabelText(/Admin e-mail/), { target: { value: email } });
  // Enabled once the station's teams are in and the 3PL is chosen.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create merchant' })).toBeEnabled());
  fireEvent.click(screen.getByRole('button', { name: 'Create merchant' }));
  return screen.findByRole('region', { name: `Merchant ${name}` });
}

describe('Teams page of a 3PL without merchants', () => {
  let empty: StationProcess;
  beforeAll(async () => {
    empty = await stationForPage('Empty Fulfilment', 'three_pl');
  });
  afterAll(() => empty.stop());

  it('says how to start', async () => {
    useBridge(empty);
    renderPage(<TeamsPage />);
    expect(await screen.findByText('No merchants yet')).toBeInTheDocument();
  });
});

describe('Teams page of a station whose first team is a shop', () => {
  let shop: StationProcess;
  beforeAll(async () => {
    shop = await stationForPage('Первый магазин');
  });
  afterAll(() => shop.stop());

  it('makes the first team a 3PL from the page, and then offers to create its merchants', async () => {
    await useBridge(shop);
    renderPage(<TeamsPage />);
    await screen.findByText('No 3PL team on this station');
    fireEvent.click(await screen.findByRole('button', { name: 'Make Первый магазин a 3PL' }));
    // The page is a 3PL's now: its merchants, none yet, and the form to create one.
    expect(await screen.findByText('No merchants yet')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '3PL team' })).toHaveDisplayValue('Первый магазин');
    const team = (await (await shop.admin('/station')).json()) as { teams: { id: string; type: string }[] };
    expect(team.teams.find((candidate) => candidate.id === shop.team.id)?.type).toBe('three_pl');
    await useBridge(station);
  });
});

describe('Teams page', () => {
  it('creates a merchant with an invitation and, with no mail set up, shows the link to pass on', async () => {
    renderPage(<TeamsPage />);
    await createMerchant('Lumen Candles', 'owner@lumen.example');
    const link = await screen.findByTestId('accept-link');
    expect(link.textContent).toMatch(new RegExp(`^${station.url}/invitations/[\\w-]{43}$`));
    expect(screen.getByText(/No mail went to owner@lumen.example/)).toBeInTheDocument();
    expect((await merchants()).filter((m) => m.name === 'Lumen Candles').map((m) => m.status)).toEqual(['onboarding']);
    const row = await merchantRow(/Lumen Candles/);
    expect(within(row).getByText('0 of 7 done · 3 for you, 4 for the merchant')).toBeInTheDocument();
  });

  it('later, the merchant lists the unsent invitation with its link to hand over; inviting again replaces it with a fresh one', async () => {
    const juniper = await merchantViaApi('Juniper Soap', 'owner@juniper.example');
    renderPage(<TeamsPage />);
    fireEvent.click(within(await merchantRow(/Juniper Soap/)).getByRole('button', { name: 'Open' }));
    const detail = await screen.findByRole('region', { name: 'Merchant Juniper Soap' });
    expect(await within(detail).findByText(/not mailed/)).toBeInTheDocument();
    expect(within(detail).getByText(/^Mail is not configured on this station\. Hand this link over \(it works until .+\):$/)).toBeInTheDocument();
    const listedLink = within(detail).getByText(new RegExp(`^${station.url}/invitations/[\\w-]{43}$`)).textContent!;
    expect(within(detail).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();

    fireEvent.click(within(detail).getByRole('button', { name: 'Invite owner@juniper.example again' }));
    const fresh = (await within(detail).findByTestId('accept-link')).textContent!;
    expect(fresh).toMatch(new RegExp(`^${station.url}/invitations/[\\w-]{43}$`));
    expect(fresh).not.toBe(listedLink);
    const listed = (await (await station.admin(`/teams/${juniper.id}/invitations`)).json()) as { state: string; acceptUrl: string | null }[];
    expect(listed.map((i) => [i.state, i.acceptUrl])).toEqual([['open', fresh], ['replaced', null]]);
    // The fresh link is the open invitation's: its page offers to join; the replaced one is closed.
    expect((await fetch(fresh)).status).toBe(200);
    expect((await fetch(listedLink)).status).toBe(410);
  });

  it('Members: an invitation not yet accepted is listed with its role and sent again with it, replacing the old link', async () => {
    const first = (await (await station.admin(`/teams/${station.team.id}/invitations`, { json: { email: 'ana.petrova@northwind.example', role: 'viewer' } })).json()) as { invitation: { id: string; acceptUrl: string } };
    renderPage(<TeamsPage />);
    const members = await screen.findByRole('region', { name: 'Members' });
    const again = await within(members).findByRole('button', { name: 'Send the invitation to ana.petrova@northwind.example again' });
    expect(again.closest('li')).toHaveTextContent(/ana\.petrova@northwind\.example as viewer/);
    // Not mailed: its link is listed to hand over, until it is used.
    expect(within(again.closest('li')!).getByText(first.invitation.acceptUrl)).toBeInTheDocument();
    fireEvent.click(again);
    // No mail is set up here: the new link is shown to hand over.
    const link = await within(members).findByTestId('accept-link');
    const invitations = (await (await station.admin(`/teams/${station.team.id}/invitations`)).json()) as Array<{ id: string; email: string; role: string; state: string }>;
    const mine = invitations.filter((invitation) => invitation.email === 'ana.petrova@northwind.example');
    expect(mine.find((invitation) => invitation.id === first.invitation.id)?.state).toBe('replaced');
    expect(mine.filter((invitation) => invitation.state === 'open')).toEqual([expect.objectContaining({ role: 'viewer' })]);
    // A fresh link: the old one no longer works.
    expect(link.textContent).toMatch(/\/invitations\//);
    expect(link.textContent).not.toBe(first.invitation.acceptUrl);
    // Done puts the banner away; the fresh link stays listed under the invitation.
    const fresh = link.textContent!;
    fireEvent.click(within(members).getByRole('button', { name: 'Done' }));
    expect(await within(members).findByText(fresh)).toBeInTheDocument();
    expect(within(members).queryByText(first.invitation.acceptUrl)).not.toBeInTheDocument();
  });

  it('assigns an account manager from the 3PL members; the station ticks that task', async () => {
    const birch = await merchantViaApi('Birch Bakery');
    renderPage(<TeamsPage />);
    const select = await screen.findByRole('combobox', { name: 'Account manager of Birch Bakery' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    const member = within(select).getAllByRole('option')[1] as HTMLOptionElement;
    fireEvent.change(select, { target: { value: member.value } });
    await waitFor(async () => expect((await merchants()).find((m) => m.id === birch.id)!.account_manager_user_id).toBe(member.value));
    fireEvent.click(within(await merchantRow(/Birch Bakery/)).getByRole('button', { name: 'Open' }));
    const detail = await screen.findByRole('region', { name: 'Merchant Birch Bakery' });
    await waitFor(() => expect(within(detail).getByRole('checkbox', { name: /Assign an account manager/ })).toBeChecked());
  });

  it('ticks a task by hand, then goes live only after the tracker was shown', async () => {
    renderPage(<TeamsPage />);
    const detail = await createMerchant('Oak & Ivy Tea');
    const routing = await within(detail).findByRole('checkbox', { name: /Route each document tag/ });
    fireEvent.click(routing);
    await waitFor(() => expect(routing).toBeChecked());
    const oak = (await merchants()).find((m) => m.name === 'Oak & Ivy Tea')!;
    const onboarding = (await (await station.admin(`/teams/${oak.id}/onboarding`)).json()) as { tasks: { kind: string; done: boolean }[] };
    expect(onboarding.tasks.find((t) => t.kind === 'printer_routing')!.done).toBe(true);

    fireEvent.click(within(detail).getByRole('button', { name: 'Go live…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go live with Oak & Ivy Tea' });
    expect(within(dialog).getByText('6 onboarding tasks are still open:')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(7);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect((await merchants()).find((m) => m.name === 'Oak & Ivy Tea')!.status).toBe('onboarding');

    fireEvent.click(within(detail).getByRole('button', { name: 'Go live…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Go live anyway' }));
    await waitFor(async () => expect((await merchants()).find((m) => m.name === 'Oak & Ivy Tea')!.status).toBe('live'));
    await within(await merchantRow(/Oak & Ivy Tea/)).findByText('Live');
  });

  it("shows the station's refusal with the field at fault", async () => {
    renderPage(<TeamsPage />);
    fireEvent.change(await screen.findByLabelText('New merchant'), { target: { value: 'Bad Address Co' } });
    fireEvent.change(screen.getByLabelText(/Admin e-mail/), { target: { value: 'not-an-address' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create merchant' })).toBeEnabled());
    fireEvent.submit(screen.getByRole('button', { name: 'Create merchant' }).closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent(/The merchant is not valid — email/);
    expect((await merchants()).map((m) => m.name)).not.toContain('Bad Address Co');
  });
});

describe('onboarding progress in words', () => {
  it('names what the 3PL and the merchant still owe', () => {
    expect(progressWords({ total: 7, completed: 2, openThreePlTasks: 2, openMerchantTasks: 3 })).toBe('2 of 7 done · 2 for you, 3 for the merchant');
    expect(progressWords({ total: 7, completed: 7, openThreePlTasks: 0, openMerchantTasks: 0 })).toBe('All tasks done');
    expect(progressWords({ total: 7, completed: 6, openThreePlTasks: 0, openMerchantTasks: 1 })).toBe('6 of 7 done · 1 for the merchant');
  });
});

describe('Document language on the Teams page', () => {
  it('sets a team’s document language, says so, and the station keeps it', async () => {
    renderPage(<TeamsPage />);
    const select = await screen.findByLabelText('Document language of Northwind Fulfilment');
    expect(select).toHaveValue('');
    fireEvent.change(select, { target: { value: 'de' } });
    expect(await screen.findByText("Saved: Northwind Fulfilment's documents are now in Deutsch.")).toBeInTheDocument();
    const info = (await (await station.admin('/station')).json()) as { teams: { id: string; locale: string | null }[] };
    expect(info.teams.find((team) => team.id === station.team.id)!.locale).toBe('de');
    await waitFor(() => expect(screen.getByLabelText('Document language of Northwind Fulfilment')).toHaveValue('de'));
  });
});

describe('Teams page of a merchant’s admin who cannot see the 3PL', () => {
  it('explains the 3PL, lists her members with the station admin by that name and not removable, and offers no 3PL to pick', async () => {
    const merchant = await merchantViaApi('Свечная мастерская', 'owner@candles.example');
    const invitations = (await (await station.admin(`/teams/${merchant.id}/invitations`)).json()) as Array<{ email: string; acceptUrl: string | null }>;
    await acceptAndSignIn(station, invitations.find((invitation) => invitation.email === 'owner@candles.example')!.acceptUrl!, 'owner@candles.example', 'Лада');

    renderPage(<TeamsPage />);
    await screen.findByText('Свечная мастерская: a merchant of a 3PL');
    expect(screen.queryByText(/No 3PL team on this station/)).not.toBeInTheDocument();
    expect(screen.queryByText(/A station admin creates one below/)).not.toBeInTheDocument();
    const members = await screen.findByRole('region', { name: 'Members' });
    await within(members).findByText('Лада (owner@candles.example)');
    expect(within(members).queryByText(/Station operator/)).not.toBeInTheDocument();
    // The merchant's own member list: the 3PL's people are not in it to be removed.
    expect(within(members).queryAllByRole('button', { name: 'Remove' })).toHaveLength(0);
  });
});
