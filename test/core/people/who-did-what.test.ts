import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestCups } from '../../helpers/cups/test-cups';
import { json, printStation, type PrintStation } from '../printing/print-harness';
import { joinAs, type SignedIn } from './people-helpers';

// Prints: a CUPS scheduler of its own (test/helpers/cups).
useTestCups();

type Actor = { kind: string; id: string | null; name: string };
type Batch = { id: string; requestedBy: Actor | null };

/** Every print keeps who asked for it; every dashboard change is in the activity list with who made it. */
describe('who did what', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let shop: { team: { id: string }; key: string };
  let ana: SignedIn;
  let oleg: SignedIn;
  let outsider: SignedIn;
  beforeAll(async () => {
    s = await printStation();
    shop = await s.printTeam('Who shop');
    const other = await s.printTeam('Elsewhere shop');
    ana = await joinAs(s, shop.team.id, 'ana@who.example', 'admin', 'Ana');
    oleg = await joinAs(s, shop.team.id, 'oleg@who.example', 'operator', 'Олег');
    outsider = await joinAs(s, other.team.id, 'bo@who.example', 'admin', 'Bo');
  });
  afterAll(() => s.stop());

  const history = async (orderId: string) => ((await (await s.admin(`/admin/api/orders/${orderId}`)).json()) as { history: { reason: string }[] }).history.map((entry) => entry.reason);

  it('a print and a reprint name the person who asked; the history, the batch and the job webhook say so', async () => {
    await json(await ana.call('/admin/api/webhooks', { json: { teamId: shop.team.id, url: 'https://wms.example.com/who', events: ['print_job.state_changed'] } }), 201);
    const order = await s.createOrder(shop.key, 'W-1');
    const [printed] = await json<{ id: string }[]>(await oleg.call('/admin/api/orders/print', { json: { orderIds: [order.id], name: 'Bench scan' } }), 200);
    const batch = await s.settled(printed!.id);
    const detail = await json<Batch & { jobs: { id: string }[] }>(await oleg.call(`/admin/api/print-batches/${batch.id}`), 200);
    expect(detail.requestedBy).toEqual({ kind: 'person', id: oleg.id, name: 'Олег' });
    const reprint = await json<Batch>(await oleg.call(`/admin/api/print-jobs/${detail.jobs[0]!.id}/reprint`, { method: 'POST' }), 201);
    await s.settled(reprint.id);
    expect(reprint.requestedBy).toMatchObject({ name: 'Олег' });
    const said = await history(order.id);
    expect(said.filter((line) => line.startsWith('printed'))).toEqual([expect.stringMatching(/^printed \(Bench scan\) on .+ by Олег$/), expect.stringMatching(/^printed again \(Reprint of Bench scan\) on .+ by Олег$/)]);

    const [hook] = await json<{ id: string }[]>(await ana.call('/admin/api/webhooks'), 200);
    const deliveries = await json<{ payload: { data: { job: { requestedBy: Actor | null } } } }[]>(await ana.call(`/admin/api/webhooks/${hook!.id}/deliveries`), 200);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((delivery) => delivery.payload.data.job.requestedBy?.name === 'Олег')).toBe(true);
  });

  it('an API key’s print names the key; a batch from before people were recorded names nobody', async () => {
    const order = await s.createOrder(shop.key, 'W-2');
    const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key: shop.key, json: { orderIds: [order.id] } }), 200);
    await s.settled(result!.id);
    const batch = await json<Batch>(await ana.call(`/admin/api/print-batches/${result!.id}`), 200);
    expect(batch.requestedBy).toMatchObject({ kind: 'key', name: 'Who shop key' });
    expect((await history(order.id)).some((line) => line.endsWith('by the key Who shop key'))).toBe(true);

    s.station.db.prepare('UPDATE print_batches SET requested_by = NULL WHERE id = ?').run(result!.id);
    expect((await json<Batch>(await ana.call(`/admin/api/print-batches/${result!.id}`), 200)).requestedBy).toBeNull();
  });

  it('lists every dashboard change with who made it, filtered by person, and only in the caller’s teams', async () => {
    await json(await ana.call('/admin/api/keys', { json: { teamId: shop.team.id, name: 'Who WMS' } }), 201);
    await json(await ana.call(`/admin/api/teams/${shop.team.id}/routing/default-printer`, { method: 'PUT', json: { printerId: await s.printerId('save-as-pdf') } }), 200);
    const byAna = await json<{ by: Actor; action: string; teamId: string }[]>(await oleg.call(`/admin/api/activity?person=${ana.id}`), 200);
    expect(byAna.map((entry) => entry.action)).toEqual(expect.arrayContaining(['Create an API key (its secret is shown once)', 'A team’s default printer', 'Add a webhook (its signing secret is shown once)']));
    expect(byAna.every((entry) => entry.by.name === 'Ana' && entry.teamId === shop.team.id)).toBe(true);
    const everyone = await json<{ by: Actor; action: string }[]>(await oleg.call('/admin/api/activity'), 200);
    expect(everyone.some((entry) => entry.by.name === 'Олег' && entry.action === 'Print a job again, as a new batch')).toBe(true);
    // Reads are not changes.
    expect(everyone.some((entry) => entry.action.startsWith('The order list'))).toBe(false);
    // A person of another team sees their own team's changes, none of this one's.
    const theirs = await json<{ teamId: string | null }[]>(await outsider.call('/admin/api/activity'), 200);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((entry) => entry.teamId === shop.team.id || entry.teamId === null)).toEqual([]);
  });

  it('lists a change an API key made (a 3PL creating a merchant) by the key’s name; orders posted are not changes of this list', async () => {
    const hub = s.team('Who 3PL', 'three_pl');
    const { team: created } = await json<{ team: { id: string } }>(await s.call('/api/teams/merchants', { key: hub.key, json: { name: 'Магазин', email: 'owner@who-merchant.example' } }), 201);
    const entries = await json<{ by: Actor; action: string; teamId: string; operation: string; subject: Record<string, string> }[]>(await s.admin(`/admin/api/activity?teamId=${hub.team.id}`), 200);
    const merchant = entries.find((entry) => entry.action === 'Create a merchant');
    expect(merchant).toMatchObject({ by: { kind: 'key', name: 'Who 3PL key' }, teamId: hub.team.id, operation: 'POST /api/teams/merchants', subject: { id: created.id } });
    await s.createOrder(hub.key, 'WHO-API-1');
    const after = await json<{ operation: string }[]>(await s.admin(`/admin/api/activity?teamId=${hub.team.id}`), 200);
    expect(after.some((entry) => entry.operation === 'POST /api/orders')).toBe(false);
  });
});
