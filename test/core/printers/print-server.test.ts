import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterResource } from '../../../main/core/features/printers/service';
import { PrivateCupsd } from '../../helpers/cups/private-cupsd';
import { NO_MACHINE_CUPS } from '../../helpers/cups/test-cups';
import { serve, type Served } from '../cli/run-station';
import { json, printStation, type PrintStation } from '../printing/print-harness';
import { waitFor } from './cups-output';

/**
 * A station printing through a CUPS server that is not the machine's: here a private
 * scheduler on a loopback port, standing in for a print server on the LAN. This file's own
 * CUPS_SERVER points nowhere (no useTestCups), so a printer the station lists can only come
 * from the server it was given.
 */
describe('a print server: the CUPS the station prints through', { timeout: 60_000 }, () => {
  const server = new PrivateCupsd();
  beforeAll(async () => {
    expect(process.env.CUPS_SERVER).toBe(NO_MACHINE_CUPS);
    await server.start();
    server.addQueue('BENCH2_LASER', 'trays');
  });
  afterAll(() => server.dispose());

  describe('Settings → Print server', () => {
    let s: PrintStation;
    beforeAll(async () => {
      s = await printStation();
    });
    afterAll(() => s.stop());
    const printers = async () => json<PrinterResource[]>(await s.admin('/admin/api/printers'), 200);

    it('lists no CUPS printer until the server is set, then that server’s, and prints there with the tray asked', async () => {
      expect((await json<unknown>(await s.admin('/admin/api/settings/print-server'), 200))).toEqual({ cupsServer: null, effective: { server: NO_MACHINE_CUPS, source: 'environment' } });
      expect((await printers()).map((printer) => printer.printerVendorId)).not.toContain('BENCH2_LASER');

      const saved = await json<unknown>(await s.admin('/admin/api/settings/print-server', { method: 'PUT', json: { cupsServer: server.server } }), 200);
      expect(saved).toEqual({ cupsServer: server.server, effective: { server: server.server, source: 'settings' } });
      // Saving looked for printers there at once.
      const laser = (await printers()).find((printer) => printer.printerVendorId === 'BENCH2_LASER')!;
      expect(laser).toMatchObject({ status: 'online', trays: ['Default', 'Upper', 'Manual'] });
      // A size no table of the station knows comes from the PPD the server serves, in its own dimensions.
      expect(laser.paperSizes).toContainEqual({ name: 'EnvMonarch', width: '98.4mm', height: '190.5mm' });

      const { team, key } = await s.printTeam('Bench 2 shop');
      await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/packing-slip`, { method: 'PUT', json: { printerId: laser.id, tray: 'Manual' } }), 200);
      const order = await s.createOrder(key, 'PS-1', { customer: { firstName: 'Ёжик', lastName: '山田' } });
      const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200);
      const batch = await s.settled(result!.id);
      expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
      const kept = server.keptJob(batch.jobs[0]!.osJobId!)!;
      expect(kept.title).toBe(`station-job-${batch.jobs[0]!.id}`);
      expect(kept.options.InputSlot).toBe('Manual');
    });

    it('refuses an address that is not a host, host:port or socket path with a 400, keeping the saved one', async () => {
      for (const cupsServer of ['http://print-server:631/', 'host:99999', '-h evil', 'a b', 'x'.repeat(300), 42]) {
        const response = await s.admin('/admin/api/settings/print-server', { method: 'PUT', json: { cupsServer } });
        expect(response.status, String(cupsServer)).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
      }
      expect((await s.admin('/admin/api/settings/print-server', { method: 'PUT', json: { cupsServer: server.server, extra: 1 } })).status).toBe(400);
      expect(await json<{ cupsServer: string }>(await s.admin('/admin/api/settings/print-server'), 200)).toMatchObject({ cupsServer: server.server });
    });

    it('moves to another server: the first one’s printers read missing, the other’s are listed; null goes back to the machine’s', async () => {
      const other = new PrivateCupsd();
      try {
        await other.start();
        other.addQueue('BENCH3_LABELS', 'label4x6');
        await json(await s.admin('/admin/api/settings/print-server', { method: 'PUT', json: { cupsServer: other.server } }), 200);
        const list = await printers();
        expect(list.find((printer) => printer.printerVendorId === 'BENCH2_LASER')?.status).toBe('missing');
        expect(list.find((printer) => printer.printerVendorId === 'BENCH3_LABELS')?.status).toBe('online');
      } finally {
        await other.dispose();
      }
      const back = await json<unknown>(await s.admin('/admin/api/settings/print-server', { method: 'PUT', json: { cupsServer: null } }), 200);
      expect(back).toEqual({ cupsServer: null, effective: { server: NO_MACHINE_CUPS, source: 'environment' } });
    });

    it('needs a dashboard session', async () => {
      expect((await s.call('/admin/api/settings/print-server')).status).toBe(401);
    });
  });

  describe('station serve --cups-server', () => {
    let served: Served | undefined;
    afterAll(() => served?.child.kill('SIGTERM'));

    it('lists and prints on that server’s queues, over the saved setting, and says so at start', async () => {
      served = await serve(['--data-dir', `${server.dir}/station-data`, '--port', '0', '--cups-server', server.server]);
      expect(served.output()).toContain(`printing through the CUPS server at ${server.server} (--cups-server)`);
      const key = /^API key: (\S+)$/m.exec(served.output())![1]!;
      const call = (path: string) => fetch(`${served!.url}${path}`, { headers: { 'X-API-Key': key } });
      const laser = await waitFor(async () => ((await (await call('/api/printers')).json()) as PrinterResource[]).find((printer) => printer.printerVendorId === 'BENCH2_LASER'), 30_000, 'the server’s queue');
      expect(laser.status).toBe('online');
    });

    it('refuses an address it cannot use before starting', async () => {
      const refused = await serve(['--data-dir', `${server.dir}/other-data`, '--port', '0', '--cups-server', 'http://x/']).then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(refused).toContain('--cups-server takes a host, host:port or socket path');
    });
  });
});
