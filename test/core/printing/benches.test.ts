import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation } from './print-harness';
import { main } from '../../../main/core/hosts/cli';
import { useTestCups } from '../../helpers/cups/test-cups';
import { joinAs } from '../people/people-helpers';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();

interface Bench {
  id: string;
  name: string;
  routes: Array<{ tag: string; printerId: string; tray: string | null }>;
  printers: Array<{ id: string; name: string; status: string }>;
  screens: number;
  signedIn: string[];
}

describe('benches: each bench prints its own scans at its own printers', { timeout: 60_000 }, () => {
  let s: PrintStation;
  const error = async (response: Response, status: number) => (await json<{ error: { code: string; message: string } }>(response, status)).error;
  const scan = (token: string, orderId: string) => s.admin('/admin/api/orders/print', { method: 'POST', json: { orderIds: [orderId] }, headers: { 'X-Station-Bench': token } });

  beforeAll(async () => {
    s = await printStation();
  });
  afterAll(() => s?.stop());

  it('adds benches, routes a tag per bench, pairs a screen per bench with a one-use code', async () => {
    const one = await json<Bench>(await s.admin('/admin/api/benches', { method: 'POST', json: { name: 'Bench 1' } }), 201);
    expect((await error(await s.admin('/admin/api/benches', { method: 'POST', json: { name: 'bench 1' } }), 409)).code).toBe('bench_name_taken');
    expect((await error(await s.admin('/admin/api/benches', { method: 'POST', json: { name: '' } }), 400)).code).toBe('validation_failed');
    const pdf = await s.printerId('PDF');
    const trays = await s.printerId('TRAYS');
    const routed = await json<Bench>(await s.admin(`/admin/api/benches/${one.id}/routes/packing-slip`, { method: 'PUT', json: { printerId: pdf } }), 200);
    expect(routed.routes).toEqual([{ tag: 'packing-slip', printerId: pdf, tray: null }]);
    expect(routed.printers.map((printer) => printer.id)).toEqual([pdf]);
    expect((await error(await s.admin(`/admin/api/benches/${one.id}/routes/packing-slip`, { method: 'PUT', json: { printerId: trays, tray: 'Nope' } }), 400)).code).toBe('tray_not_found');
    expect((await error(await s.admin(`/admin/api/benches/${one.id}/routes/packing-slip`, { method: 'PUT', json: { printerId: 'nope' } }), 400)).code).toBe('printer_not_found');
    expect((await s.admin('/admin/api/benches/nope/routes/packing-slip', { method: 'PUT', json: { printerId: pdf } })).status).toBe(404);

    const { code } = await json<{ code: string; expiresAt: string }>(await s.admin(`/admin/api/benches/${one.id}/pairing-code`, { method: 'POST' }), 201);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    // Paired without signing in: the code is the proof.
    const paired = await json<{ benchToken: string; bench: { name: string } }>(await s.call('/admin/api/bench-screen', { json: { code: code.toLowerCase() } }), 201);
    expect(paired.bench.name).toBe('Bench 1');
    expect((await error(await s.call('/admin/api/bench-screen', { json: { code } }), 400)).code).toBe('pairing_code_invalid');
    // The locked screen shows its bench's printers.
    const screen = await json<{ bench: Bench | null }>(await s.call('/admin/api/bench-screen', { headers: { 'X-Station-Bench': paired.benchToken } }), 200);
    expect(screen.bench).toMatchObject({ name: 'Bench 1', screens: 1, printers: [{ id: pdf }] });
    expect((await json<{ bench: Bench | null }>(await s.call('/admin/api/bench-screen'), 200)).bench).toBeNull();

    // Who is signed in where: a badge scanned at the paired screen.
    const { team } = s.team('Bench people');
    const packer = await joinAs(s, team.id, 'packer@bench.example', 'operator', 'Мария');
    const { badge } = await json<{ badge: string }>(await s.admin(`/admin/api/people/${packer.id}/badge`, { method: 'POST' }), 201);
    expect((await json<Bench[]>(await s.admin('/admin/api/benches'), 200))[0]!.signedIn).toEqual([]);
    await json(await s.call('/admin/api/session', { json: { badge }, headers: { 'X-Station-Bench': paired.benchToken } }), 201);
    expect((await json<Bench>(await s.admin(`/admin/api/benches/${one.id}`), 200)).signedIn).toEqual(['Мария']);
  });

  it('two benches scanning at the same time: each order printed once, at its own bench, on its own tray', async () => {
    const pdf = await s.printerId('PDF');
    const trays = await s.printerId('TRAYS');
    const benches = await json<Bench[]>(await s.admin('/admin/api/benches'), 200);
    const one = benches.find((bench) => bench.name === 'Bench 1')!;
    const two = await json<Bench>(await s.admin('/admin/api/benches', { method: 'POST', json: { name: 'Склад 2' } }), 201);
    await json(await s.admin(`/admin/api/benches/${two.id}/routes/PACKING-SLIP`, { method: 'PUT', json: { printerId: trays, tray: 'Upper' } }), 200);
    const pair = async (benchId: string) => {
      const { code } = await json<{ code: string }>(await s.admin(`/admin/api/benches/${benchId}/pairing-code`, { method: 'POST' }), 201);
      return (await json<{ benchToken: string }>(await s.call('/admin/api/bench-screen', { json: { code } }), 201)).benchToken;
    };
    const [screen1, screen2] = [await pair(one.id), await pair(two.id)];

    const { key } = await s.printTeam('Two benches');
    const orders: string[] = [];
    for (let i = 0; i < 12; i++) orders.push(((await s.createOrder(key, `TWO-${i}`, { firstName: i % 2 ? 'Ольга' : '美咲' })) as { id: string }).id);
    const atOne = orders.filter((_, i) => i % 2 === 0);
    const atTwo = orders.filter((_, i) => i % 2 === 1);
    // Both benches scan at once, order after order, as operators do.
    const [results1, results2] = await Promise.all([
      (async () => {
        const out = [];
        for (const id of atOne) out.push(...(await json<Array<{ id: string; printer: { id: string } }>>(await scan(screen1, id), 200)));
        return out;
      })(),
      (async () => {
        const out = [];
        for (const id of atTwo) out.push(...(await json<Array<{ id: string; printer: { id: string } }>>(await scan(screen2, id), 200)));
        return out;
      })(),
    ]);
    expect(results1.map((result) => result.printer.id)).toEqual(atOne.map(() => pdf));
    expect(results2.map((result) => result.printer.id)).toEqual(atTwo.map(() => trays));
    const settled = await Promise.all([...results1, ...results2].map((result) => s.settled(result.id)));
    expect(settled.flatMap((batch) => batch.jobs.map((job) => job.state))).toEqual(orders.map(() => 'done'));
    // Once each, at its bench: the queues kept exactly these jobs, bench 2's from the Upper tray.
    const titles = (queue: string) => cups.keptJobs(queue).map((job) => job.title);
    const jobTitles = (batches: typeof settled) => batches.flatMap((batch) => batch.jobs.map((job) => `station-job-${job.id}`));
    expect(titles('PDF').filter((title) => jobTitles(settled.slice(0, 6)).includes(title))).toHaveLength(6);
    expect(titles('TRAYS').filter((title) => jobTitles(settled.slice(6)).includes(title))).toHaveLength(6);
    expect(cups.keptJobs('TRAYS').filter((job) => jobTitles(settled.slice(6)).includes(job.title)).map((job) => job.options.InputSlot)).toEqual(atTwo.map(() => 'Upper'));
    // Batches filtered to one bench.
    const listed = await json<Array<{ id: string; benchId: string | null }>>(await s.admin(`/admin/api/print-batches?benchId=${two.id}`), 200);
    expect(listed.map((batch) => batch.id).sort()).toEqual(results2.map((result) => result.id).sort());
    expect(listed.every((batch) => batch.benchId === two.id)).toBe(true);
    // The Batches page's requests, filtered to the bench.
    const requests = await json<Array<{ batches: Array<{ id: string }> }>>(await s.admin(`/admin/api/print-requests?benchId=${two.id}&limit=50`), 200);
    expect(requests.flatMap((request) => request.batches.map((batch) => batch.id)).sort()).toEqual(results2.map((result) => result.id).sort());
    // The Orders page filtered to a bench: the orders printed there, by its id or its name.
    const ordersAt = async (bench: string) =>
      (await json<{ total: number; orders: Array<{ id: string }> }>(await s.admin(`/admin/api/orders?bench=${encodeURIComponent(bench)}&limit=500`), 200)).orders.map((order) => order.id).sort();
    expect(await ordersAt(two.id)).toEqual([...atTwo].sort());
    expect(await ordersAt('Склад 2')).toEqual([...atTwo].sort());
    expect(await ordersAt(one.id)).toEqual(expect.arrayContaining(atOne));
    expect(await ordersAt(one.id)).not.toEqual(expect.arrayContaining([atTwo[0]]));
    const noBench = await error(await s.admin('/admin/api/orders?bench=Bench%209'), 400);
    expect(noBench).toMatchObject({ code: 'bench_not_found' });
  });

  it('a bench screen’s live stream carries its own bench’s batches and jobs, not another bench’s; the dashboard’s carries both', async () => {
    const benches = await json<Bench[]>(await s.admin('/admin/api/benches'), 200);
    const [one, two] = ['Bench 1', 'Склад 2'].map((name) => benches.find((bench) => bench.name === name)!);
    const pair = async (benchId: string) => {
      const { code } = await json<{ code: string }>(await s.admin(`/admin/api/benches/${benchId}/pairing-code`, { method: 'POST' }), 201);
      return (await json<{ benchToken: string }>(await s.call('/admin/api/bench-screen', { json: { code } }), 201)).benchToken;
    };
    const [screen1, screen2] = [await pair(one!.id), await pair(two!.id)];
    const session = s.station.services.adminSessions.createSessionToken();
    // As the dashboard opens it: an EventSource sends no headers, so both tokens ride in the query.
    const stream = async (bench?: string) => {
      const response = await fetch(`${s.url}/admin/api/events?session=${encodeURIComponent(session)}${bench ? `&bench=${encodeURIComponent(bench)}` : ''}`);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let heard = '';
      const until = async (seen: (text: string) => boolean) => {
        while (!seen(heard)) heard += decoder.decode((await reader.read()).value);
        return heard;
      };
      await until((text) => text.includes(': connected'));
      return { until, close: () => reader.cancel() };
    };
    const [atOne, atTwo, dashboard] = [await stream(screen1), await stream(screen2), await stream()];

    const { key } = await s.printTeam('Streams per bench');
    const [first, second] = [await s.createOrder(key, 'STREAM-1', { firstName: 'Юлия' }), await s.createOrder(key, 'STREAM-2', { firstName: '陽菜' })];
    const [batch1] = await json<Array<{ id: string }>>(await scan(screen1, first.id), 200);
    const [batch2] = await json<Array<{ id: string }>>(await scan(screen2, second.id), 200);
    await Promise.all([s.settled(batch1!.id), s.settled(batch2!.id)]);
    // An order written after both printed reaches every stream after every event of theirs.
    const last = await s.createOrder(key, 'STREAM-LAST');
    const through = (text: string) => text.includes(last.id);
    const [heardAtOne, heardAtTwo, heardByDashboard] = await Promise.all([atOne.until(through), atTwo.until(through), dashboard.until(through)]);
    await Promise.all([atOne.close(), atTwo.close(), dashboard.close()]);

    const jobEvents = (text: string, batchId: string) => text.split('\n\n').filter((message) => message.startsWith('event: job') && message.includes(batchId));
    expect(jobEvents(heardAtOne, batch1!.id).some((message) => message.includes('"state":"done"'))).toBe(true);
    expect(heardAtOne).not.toContain(batch2!.id);
    expect(jobEvents(heardAtTwo, batch2!.id).some((message) => message.includes('"state":"done"'))).toBe(true);
    expect(heardAtTwo).not.toContain(batch1!.id);
    // Every bench's, and orders for everyone: the order list at a bench still moves.
    expect(heardByDashboard).toContain(batch1!.id);
    expect(heardByDashboard).toContain(batch2!.id);
    expect(heardAtOne).toContain(`"orderId":"${second.id}"`);
  });

  it('a scan is one call: it finds the order, prints it at the screen’s bench unless it was printed before, and answers what the screen shows', async () => {
    const benches = await json<Bench[]>(await s.admin('/admin/api/benches'), 200);
    const two = benches.find((bench) => bench.name === 'Склад 2')!;
    const { code } = await json<{ code: string }>(await s.admin(`/admin/api/benches/${two.id}/pairing-code`, { method: 'POST' }), 201);
    const screen = (await json<{ benchToken: string }>(await s.call('/admin/api/bench-screen', { json: { code } }), 201)).benchToken;
    const { team, key } = await s.printTeam('One-call scans');
    const packer = await joinAs(s, team.id, 'scanner@one-call.example', 'operator', 'Зоя');
    const onlyReads = await joinAs(s, team.id, 'reader@one-call.example', 'viewer');
    const order = await s.createOrder(key, 'ONE-CALL-1', { orderNumber: '#ЗАКАЗ-1', customer: { firstName: '美咲', lastName: 'Сато' } });
    await s.createOrder(key, 'ONE-CALL-2', { orderNumber: '#ЗАКАЗ-10' });
    interface Scanned {
      outcome: string;
      total: number;
      order: { id: string } | null;
      detail: { id: string; printing: { timesPrinted: number; open: unknown[] } } | null;
      documents: { tag: string }[];
      results: { id: string; status: string; printer: { id: string } }[];
    }
    const scan = async (body: Record<string, unknown>, as = packer) => json<Scanned>(await as.call('/admin/api/orders/scan', { method: 'POST', json: body, headers: { 'X-Station-Bench': screen } }), 200);
    const batchesOf = () => s.station.db.prepare('SELECT COUNT(*) FROM print_batches WHERE orders LIKE ?').pluck().get(`%${order.id}%`) as number;

    // Scanned as printed on the slip: found, printed at bench 2 (its tray route), and shown, in one answer.
    const first = await scan({ code: '#заказ-1' });
    expect(first).toMatchObject({ outcome: 'printing', total: 2, order: { id: order.id }, detail: { id: order.id } });
    expect(first.results).toMatchObject([{ status: 'pending', printer: { id: await s.printerId('TRAYS') } }]);
    expect(first.detail!.printing.open.length).toBeGreaterThan(0);
    expect(first.documents.map((document) => document.tag)).toContain('packing-slip');
    const settled = await s.settled(first.results[0]!.id);
    expect(settled.jobs.map((job) => job.state)).toEqual(['done']);
    expect(settled.jobs[0]!.tray).toBe('Upper');

    // Scanned again: printed before, so nothing prints until the operator says so.
    const again = await scan({ code: 'ЗАКАЗ-1' });
    expect(again).toMatchObject({ outcome: 'printedBefore', results: [], detail: { printing: { timesPrinted: 1 } } });
    expect(batchesOf()).toBe(1);
    const reprinted = await scan({ code: 'ЗАКАЗ-1', reprint: true });
    expect(reprinted.outcome).toBe('printing');
    await s.settled(reprinted.results[0]!.id);
    expect(batchesOf()).toBe(2);

    // A code that means several orders, or none, prints nothing and says so.
    expect(await scan({ code: 'ЗАКАЗ' })).toMatchObject({ outcome: 'several', total: 2, order: null, results: [] });
    expect(await scan({ code: 'NOPE-404' })).toMatchObject({ outcome: 'none', total: 0, order: null });
    // Another team's order is not found by this person's scan; a viewer may not scan to print.
    const other = await s.printTeam('Not theirs');
    await s.createOrder(other.key, 'THEIRS-1', { orderNumber: '#THEIRS-1' });
    expect(await scan({ code: 'THEIRS-1' })).toMatchObject({ outcome: 'none' });
    expect((await onlyReads.call('/admin/api/orders/scan', { method: 'POST', json: { code: 'ЗАКАЗ-1' } })).status).toBe(403);
    expect((await packer.call('/admin/api/orders/scan', { method: 'POST', json: { code: '' } })).status).toBe(400);
    expect(batchesOf()).toBe(2);
  });

  it('an API print request names a bench by name or id (overrides.bench); one that does not exist is a 400', async () => {
    const { key } = await s.printTeam('API bench');
    const order = (await s.createOrder(key, 'API-BENCH-1')) as { id: string };
    const [result] = await json<Array<{ id: string; printer: { id: string } }>>(await s.call('/api/orders/print', { key, json: { orderIds: [order.id], overrides: { bench: 'склад 2' } } }), 200);
    expect(result!.printer.id).toBe(await s.printerId('TRAYS'));
    const refused = await error(await s.call('/api/orders/print', { key, json: { orderIds: [order.id], overrides: { bench: 'Bench 9' } } }), 400);
    expect(refused).toMatchObject({ code: 'bench_not_found', message: 'No bench "Bench 9" on this station' });
  });

  it('`station benches list|add|remove`', async () => {
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
    const codes: number[] = [];
    try {
      codes.push(await main(['benches', 'add', 'Bench 3', '--data-dir', s.dataDir]));
      codes.push(await main(['benches', 'list', '--json', '--data-dir', s.dataDir]));
    } finally {
      process.stdout.write = write;
    }
    expect(codes).toEqual([0, 0]);
    const listed = JSON.parse(out.slice(1).join('')) as Bench[];
    expect(listed.map((bench) => bench.name)).toEqual(['Bench 1', 'Bench 3', 'Склад 2']);
    expect(await main(['benches', 'remove', 'Bench 3', '--data-dir', s.dataDir])).toBe(0);
    expect((await json<Bench[]>(await s.admin('/admin/api/benches'), 200)).map((bench) => bench.name)).toEqual(['Bench 1', 'Склад 2']);
    expect(await main(['benches', 'remove', 'Bench 3', '--data-dir', s.dataDir])).toBe(1);
  });
});
