import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../../main/core/features/admin/overview-routes';
import type { Logger } from '../../../main/core/foundations/logger';
import { useTestCups } from '../../helpers/cups/test-cups';
import { json, printStation, type PrintStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * A print request whose orders were refused is kept: in Batches (state `refused`, each
 * order's reason), in each order's history, in the Overview ("Needs a look", "Jobs failed
 * today"), on the terminal and as a webhook event. The order's history also names every
 * print and reprint by its request's title and printer, never by a raw id.
 */
const lines: string[] = [];
const logger: Logger = { info: (message) => void lines.push(message), error: (message) => void lines.push(message) };

let s: PrintStation;
beforeAll(async () => {
  s = await printStation({ logger, logLines: true });
});
afterAll(() => s.stop());

interface RequestEntry {
  requestId: string;
  title: string;
  state: string;
  batches: unknown[];
  refused: { id: string; severity: string; orders: { id: string; orderNumber: string | null; reasons: { code: string; message: string }[] }[] }[];
}
interface Result {
  id: string;
  status: string;
  orders: { id: string; reasons?: { code: string }[] }[];
}
const history = async (orderId: string) => (await json<{ history: { status: string; reason: string }[] }>(await s.admin(`/admin/api/orders/${orderId}`), 200)).history.map((entry) => entry.reason);

describe('refused prints are on record', { timeout: 60_000 }, () => {
  it('a gift note routed to a printer without A6 paper: the refusal is in Batches, the order’s history, the Overview, the terminal and a webhook', async () => {
    const { team, key } = await s.printTeam('Refused shop', { documents: [{ template: 'Gift note (A6)', tag: 'gift-note' }] });
    // Saving the route already says the printer has no A6 paper; saved anyway, it warns.
    const trays = await s.printerId('TRAYS');
    const refusedRoute = await json<{ error: { code: string; message: string; details: { path: string; message: string }[] } }>(
      await s.admin(`/admin/api/teams/${team.id}/routing/tags/gift-note`, { method: 'PUT', json: { printerId: trays } }),
      409,
    );
    expect(refusedRoute.error.code).toBe('route_cannot_print');
    expect(refusedRoute.error.details).toEqual([{ path: 'printerId', message: expect.stringMatching(/^"Gift note \(A6\)" is A6 \(105×148 mm\), and the printer has no such paper \(papers: .*Letter/) }]);
    expect((await json<{ routes: { tag: string }[] }>(await s.admin(`/admin/api/teams/${team.id}/routing`), 200)).routes.map((route) => route.tag)).not.toContain('gift-note');
    const saved = await json<{ tag: string; warnings: unknown[] }>(await s.admin(`/admin/api/teams/${team.id}/routing/tags/gift-note`, { method: 'PUT', json: { printerId: trays, saveAnyway: true } }), 200);
    expect(saved).toMatchObject({ tag: 'gift-note', warnings: refusedRoute.error.details });
    await json(await s.admin('/admin/api/webhooks', { method: 'POST', json: { teamId: team.id, url: 'https://wms.example.com/hooks', events: ['print_request.refused'] } }), 201);
    const order = await s.createOrder(key, 'R-1', { customer: { firstName: 'Мария', lastName: '李' } });

    const results = await json<Result[]>(await s.admin('/admin/api/orders/print', { method: 'POST', json: { orderIds: [order.id], name: '#R-1 scanned' } }), 200);
    expect(results.map((result) => result.status)).toEqual(['error']);
    expect(results[0]!.orders[0]!.reasons?.map((reason) => reason.code)).toEqual(['paper_size_unsupported']);

    // Batches: a request of its own, refused, with the order's reason.
    const requests = await json<RequestEntry[]>(await s.admin('/admin/api/print-requests?state=refused'), 200);
    const entry = requests.find((request) => request.refused.some((refusal) => refusal.id === results[0]!.id))!;
    expect(entry).toMatchObject({ title: '#R-1 scanned', state: 'refused', batches: [] });
    expect(entry.refused[0]).toMatchObject({ severity: 'error', orders: [{ id: order.id, orderNumber: '#R-1', reasons: [{ code: 'paper_size_unsupported' }] }] });

    // The order's history names the request and the reason.
    expect((await history(order.id)).at(-1)).toMatch(/^not printed \(#R-1 scanned\): .*A6/);

    // The Overview: counted with the failed jobs of the day, and listed under Needs a look.
    const overview = await json<Overview>(await s.admin('/admin/api/overview'), 200);
    expect(overview.today.printsRefused).toBe(1);
    expect(overview.refusedPrints).toEqual([expect.objectContaining({ id: results[0]!.id, title: '#R-1 scanned', orderNumbers: ['#R-1'], reason: expect.stringMatching(/A6/) })]);

    // The terminal.
    expect(lines.find((line) => line.startsWith('print request "#R-1 scanned" (admin) refused 1 order: #R-1: '))).toBeDefined();

    // The webhook outbox holds the event, for this team's webhook.
    const deliveries = s.station.db.prepare("SELECT payload FROM webhook_deliveries WHERE event_type = 'print_request.refused'").pluck().all() as string[];
    expect(deliveries.map((payload) => JSON.parse(payload) as { teamId: string; data: { id: string; severity: string } })).toEqual([
      expect.objectContaining({ teamId: team.id, data: expect.objectContaining({ id: results[0]!.id, severity: 'error' }) }),
    ]);
  });

  it('an ignored order asked for is kept as a warning, not counted as a failure; strict=true records nothing', async () => {
    const { key } = await s.printTeam('Warning shop');
    const order = await s.createOrder(key, 'W-1');
    await json(await s.admin(`/admin/api/orders/${order.id}/ignore`, { method: 'POST' }), 200);
    const before = (await json<Overview>(await s.admin('/admin/api/overview'), 200)).today.printsRefused;
    const results = await json<Result[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200);
    expect(results.map((result) => result.status)).toEqual(['warning']);
    const requests = await json<RequestEntry[]>(await s.admin('/admin/api/print-requests?q=W-1'), 200);
    expect(requests[0]).toMatchObject({ state: 'refused', refused: [{ severity: 'warning', orders: [{ orderNumber: '#W-1', reasons: [{ code: 'order_ignored' }] }] }] });
    expect((await history(order.id)).at(-1)).toMatch(/^not printed \(API · #W-1\): The order is ignored/);
    expect((await json<Overview>(await s.admin('/admin/api/overview'), 200)).today.printsRefused).toBe(before);

    const strict = await s.call(`/api/orders/${order.id}/print?strict=true`, { key, json: {} });
    expect(strict.status).toBe(400);
    expect(s.station.db.prepare("SELECT COUNT(*) FROM print_refusals WHERE orders LIKE ?").pluck().get(`%${order.id}%`)).toBe(1);
  });

  it('the history names every print and reprint by its request and printer, never a raw id', async () => {
    const { key } = await s.printTeam('History shop');
    const order = await s.createOrder(key, 'H-1');
    const pdf = await s.printerId('PDF');
    const [first] = await json<Result[]>(await s.admin('/admin/api/orders/print', { method: 'POST', json: { orderIds: [order.id], name: '#H-1 scanned', overrides: { printer: pdf } } }), 200);
    await s.settled(first!.id);
    const [again] = await json<Result[]>(await s.admin('/admin/api/orders/print', { method: 'POST', json: { orderIds: [order.id], name: '#H-1 scanned', overrides: { printer: pdf } } }), 200);
    await s.settled(again!.id);
    const said = await history(order.id);
    expect(said.filter((line) => line.startsWith('printed'))).toEqual(['printed (#H-1 scanned) on PDF by Station admin', 'printed again (#H-1 scanned) on PDF by Station admin']);
    expect(said.join('\n')).not.toMatch(/batch [0-9a-f]{8}-/);

    // A request of several orders is named by how many it had; one of one order, by its number.
    const other = await s.createOrder(key, 'H-2');
    const [both] = await json<Result[]>(await s.admin('/admin/api/orders/print', { method: 'POST', json: { orderIds: [order.id, other.id], overrides: { printer: pdf } } }), 200);
    await s.settled(both!.id);
    expect((await history(other.id)).filter((line) => line.startsWith('printed'))).toEqual(['printed (2 orders from the dashboard) on PDF by Station admin']);
    const [alone] = await json<Result[]>(await s.admin('/admin/api/orders/print', { method: 'POST', json: { orderIds: [other.id], overrides: { printer: pdf } } }), 200);
    await s.settled(alone!.id);
    expect((await history(other.id)).at(-1)).toBe('printed again (#H-2 from the dashboard) on PDF by Station admin');
  });
});
