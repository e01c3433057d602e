import { execFileSync } from 'node:child_process';
import { waitFor } from './cups-output';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation, type BatchView } from '../printing/print-harness';
import type { PrinterResource } from '../../../main/core/features/printers/service';
import { main } from '../../../main/core/hosts/cli';
import { useTestCups } from '../../helpers/cups/test-cups';
import { PrivateCupsd } from '../../helpers/cups/private-cupsd';
import { IppEverywherePrinter, SocketPrinter } from '../../helpers/cups/ipp-everywhere-printer';

// This file prints: a CUPS scheduler of its own (the station's), and beyond it the printers
// a packing station has on its network, all on loopback: an IPP Everywhere printer
// (ippeveprinter), bench 2's computer's CUPS sharing a queue, and a raw 9100 label printer.
const cups = useTestCups();

type Added = PrinterResource & { probe: { kind: string; makeAndModel: string | null; trays: string[]; languages: string[] } };

describe('printers beyond this machine, added by their address', { timeout: 60_000 }, () => {
  let s: PrintStation;
  const laser = new IppEverywherePrinter('Laser');
  const bench2 = new PrivateCupsd();
  const zebra = new SocketPrinter();
  const refusal = async (response: Response, status = 400) => (await json<{ error: { code: string; message: string } }>(response, status)).error;
  const allow = (hosts: string[]) => s.admin('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: [], printerHostsAllowed: hosts } });
  const add = (uri: string, name: string) => s.admin('/admin/api/printers', { method: 'POST', json: { uri, name } });

  beforeAll(async () => {
    await Promise.all([laser.start(), bench2.start(), zebra.start()]);
    bench2.addQueue('BENCH2_LABELS');
    s = await printStation();
  });
  afterAll(async () => {
    await s?.stop();
    await Promise.all([laser.dispose(), bench2.dispose(), zebra.stop()]);
  });

  it('refuses a loopback address until the admin allows the host, and bad addresses with a clear 400', async () => {
    const refused = await refusal(await add(laser.uri, 'Laser'), 400);
    expect(refused.code).toBe('printer_address_not_allowed');
    expect(refused.message).toMatch(/not a public address/);
    await json(await allow(['127.0.0.1']), 200);
    expect((await refusal(await add('not a uri', 'X'), 400)).code).toBe('invalid_printer_address');
    expect((await refusal(await add('http://127.0.0.1/', 'X'), 400)).code).toBe('invalid_printer_address');
    // Nothing listens there.
    const closed = await new SocketPrinter();
    await closed.start();
    const closedUri = `ipp://127.0.0.1:${closed.port}/ipp/print`;
    await closed.stop();
    expect((await refusal(await add(closedUri, 'Nobody'), 400)).code).toBe('printer_unreachable');
    // Something answers, but not IPP: the station's own HTTP port.
    const port = new URL(s.url).port;
    expect((await refusal(await add(`ipp://127.0.0.1:${port}/ipp/print`, 'Web page'), 400)).code).toBe('not_a_printer');
    expect((await refusal(await s.admin('/admin/api/printers', { method: 'POST', json: { uri: laser.uri } }), 400)).code).toBe('validation_failed');
    // None of these made a queue.
    expect(execFileSync('lpstat', ['-h', cups.server, '-p'], { encoding: 'utf8' })).not.toMatch(/Nobody|Web_page/);
  });

  it('adds an IPP Everywhere printer: probed, made a queue, listed under the name given, and prints on the tray asked', async () => {
    const added = await json<Added>(await add(laser.uri, 'Лазер 1 (склад)'), 201);
    expect(added.probe).toMatchObject({ kind: 'ipp', makeAndModel: 'Station Test IPP Everywhere Laser' });
    expect(added.probe.trays).toEqual(expect.arrayContaining(['main', 'manual']));
    expect(added.probe.languages).toContain('application/pdf');
    expect(added).toMatchObject({ name: 'Лазер 1 (склад)', printerVendorId: 'Лазер_1_(склад)' });
    expect(added.trays.length).toBeGreaterThan(1);
    const { key } = s.team('Lasers');
    const listed = await json<PrinterResource[]>(await s.call('/api/printers', { key }), 200);
    expect(listed.find((printer) => printer.id === added.id)?.name).toBe('Лазер 1 (склад)');
    // The same name again is a conflict; nothing is made.
    expect((await refusal(await add(laser.uri, 'лазер 1 (склад)'), 409)).code).toBe('printer_name_taken');

    const { team, key: printKey } = await s.printTeam('Laser prints');
    const ordered = (await s.createOrder(printKey, 'LASER-1')) as { id: string };
    const tray = added.trays.find((name) => /manual/i.test(name))!;
    const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key: printKey, json: { orderIds: [ordered.id], overrides: { printer: added.id, tray } } }), 200);
    const batch: BatchView = await s.settled(result!.id);
    expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    expect(laser.documents()).toHaveLength(1);
    expect(laser.output()).toMatch(/media-source=manual|media-source.*manual/);
    void team;
  });

  it('a printer added by address that stops answering reads offline, not answering, before any job, at its bench too; answering again, it is back', async () => {
    const printers = await json<PrinterResource[]>(await s.admin('/admin/api/printers'), 200);
    const laserPrinter = printers.find((printer) => printer.name === 'Лазер 1 (склад)')!;
    const bench = await json<{ id: string }>(await s.admin('/admin/api/benches', { method: 'POST', json: { name: 'Bench 2' } }), 201);
    await json(await s.admin(`/admin/api/benches/${bench.id}/routes/packing-slip`, { method: 'PUT', json: { printerId: laserPrinter.id } }), 200);
    const read = async () => (await json<PrinterResource[]>(await s.admin('/admin/api/printers'), 200)).find((printer) => printer.id === laserPrinter.id)!;
    expect((await read()).status).not.toBe('offline');
    // Frozen, as a printer switched off mid-sentence: connections are taken, nothing answers.
    laser.pause();
    try {
      const silent = await waitFor(async () => ((await read()).status === 'offline' ? read() : undefined), 30_000, 'the printer to read offline');
      expect(silent.statusReason).toMatch(/^not answering since \d\d:\d\d$/);
      const atBench = await json<{ printers: unknown[] }>(await s.admin(`/admin/api/benches/${bench.id}`), 200);
      expect(atBench.printers).toEqual([{ id: laserPrinter.id, name: 'Лазер 1 (склад)', status: 'offline', statusReason: silent.statusReason }]);
    } finally {
      laser.resume();
    }
    await waitFor(async () => ((await read()).status !== 'offline' ? true : undefined), 30_000, 'the printer to answer again');
    expect((await read()).statusReason).toBeNull();
    await json(await s.admin(`/admin/api/benches/${bench.id}`, { method: 'DELETE' }), 204);
  });

  it('a printer killed mid-job and restarted prints the job once; meanwhile the job waits with the reason', async () => {
    const printers = await json<PrinterResource[]>(await s.admin('/admin/api/printers'), 200);
    const laserPrinter = printers.find((printer) => printer.name === 'Лазер 1 (склад)')!;
    const before = laser.documents().length;
    const { key } = await s.printTeam('Killed mid-job');
    const ordered = (await s.createOrder(key, 'KILLED-1', { firstName: 'يوسف' })) as { id: string };
    // Frozen: CUPS connects and sends, and no answer comes.
    laser.pause();
    const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: [ordered.id], overrides: { printer: laserPrinter.id } } }), 200);
    const queue = laserPrinter.printerVendorId;
    await expect.poll(() => execFileSync('lpstat', ['-h', cups.server, '-p', queue], { encoding: 'utf8' }), { timeout: 30_000 }).toMatch(/now printing/);
    // Meanwhile: the printer reads not answering, and Needs a look lists the job with those words.
    const waiting = await waitFor(
      async () => (await json<{ failingJobs: { batchId: string; reason: string | null }[] }>(await s.admin('/admin/api/overview'), 200)).failingJobs.find((job) => job.batchId === result!.id && /not answering since/.test(job.reason ?? '')),
      30_000,
      'Needs a look to list the job at the silent printer',
    );
    expect(waiting.reason).toMatch(/^Waiting at Лазер 1 \(склад\): not answering since \d\d:\d\d/);
    // The printer dies mid-job and comes back at the same address.
    await laser.kill();
    await laser.start();
    const batch = await s.settled(result!.id);
    expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    expect(laser.documents().length - before).toBe(1);
    // Where its seconds went: each stage in order, CUPS's "printing" seen while the printer was away.
    const job = batch.jobs[0] as BatchView['jobs'][number] & Record<'createdAt' | 'renderedAt' | 'submittedAt' | 'printingAt' | 'finishedAt', string | null>;
    const times = [job.createdAt, job.renderedAt, job.submittedAt, job.printingAt, job.finishedAt].map((at) => Date.parse(at!));
    expect(times.every(Number.isFinite)).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The Printers page's time to paper counts it, by stage.
    const [toPaper] = (await json<{ printerId: string; jobs: number; p50Ms: number; p95Ms: number; stagesP50Ms: Record<string, number | null> }[]>(await s.admin('/admin/api/printers/time-to-paper'), 200)).filter((entry) => entry.printerId === laserPrinter.id);
    expect(toPaper).toMatchObject({ jobs: 2 });
    expect(toPaper!.p95Ms).toBeGreaterThanOrEqual(toPaper!.p50Ms);
    expect(toPaper!.p95Ms).toBeGreaterThanOrEqual(times[4]! - times[0]!);
    expect(toPaper!.stagesP50Ms.atPrinter).toBeGreaterThan(0);
  });

  it("adds the queue bench 2's CUPS shares, and a job reaches bench 2's queue once", async () => {
    const added = await json<Added>(await add(`ipp://127.0.0.1:${bench2.server.split(':')[1]}/printers/BENCH2_LABELS`, 'Bench 2 labels'), 201);
    expect(added.probe.kind).toBe('ipp');
    expect(added.probe.languages).toContain('application/pdf');
    const { key } = await s.printTeam('Bench 2 prints');
    const ordered = (await s.createOrder(key, 'B2-1', { firstName: '王' })) as { id: string };
    const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: [ordered.id], overrides: { printer: added.id } } }), 200);
    expect((await s.settled(result!.id)).jobs.map((job) => job.state)).toEqual(['done']);
    await expect.poll(() => bench2.keptJobs('BENCH2_LABELS').length, { timeout: 30_000 }).toBe(1);
  });

  it('adds a raw 9100 label printer as a ZPL printer, and `station printers add` adds any address, loopback included', async () => {
    const added = await json<Added>(await add(zebra.uri, 'Packing Zebra'), 201);
    expect(added.probe).toMatchObject({ kind: 'socket', languages: ['zpl'] });
    expect(added.zpl.takesZpl).toBe(true);

    // Added by a name, the printer is handed to CUPS by the address the probe vetted: a name
    // that resolves elsewhere the second time (DNS rebinding) cannot move the queue.
    await json(await allow(['127.0.0.1', 'localhost']), 200);
    const byName = await json<Added>(await add(zebra.uri.replace('127.0.0.1', 'localhost'), 'Zebra by name'), 201);
    const device = execFileSync('lpstat', ['-h', cups.server, '-v', byName.printerVendorId!], { encoding: 'utf8' });
    expect(device).toContain(`socket://127.0.0.1:${new URL(zebra.uri).port}`);
    expect(device).not.toContain('localhost');

    // The command, with the network allow-list emptied: the machine's own user may add loopback.
    await json(await allow([]), 200);
    const second = new SocketPrinter();
    await second.start();
    try {
      const out: string[] = [];
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
      let code: number;
      try {
        code = await main(['printers', 'add', 'Bench 3 Zebra', '--uri', second.uri, '--json', '--data-dir', s.dataDir]);
      } finally {
        process.stdout.write = write;
      }
      expect(code).toBe(0);
      expect(JSON.parse(out.join(''))).toMatchObject({ name: 'Bench 3 Zebra', printerVendorId: 'Bench_3_Zebra', zpl: { takesZpl: true } });
      // The running station lists it: CUPS announced the new queue.
      await expect.poll(async () => (await json<PrinterResource[]>(await s.admin('/admin/api/printers'), 200)).some((printer) => printer.printerVendorId === 'Bench_3_Zebra'), { timeout: 10_000 }).toBe(true);
      // The dashboard may not: loopback is not allowed now.
      expect((await refusal(await add(second.uri, 'Bench 3 again'), 400)).code).toBe('printer_address_not_allowed');
    } finally {
      await second.stop();
    }
  });
});
