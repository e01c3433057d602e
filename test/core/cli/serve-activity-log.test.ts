import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../helpers/station';
import { waitFor } from '../printers/cups-output';
import { serve, stationJson, type Served } from './run-station';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let dataDir: string;
let running: Served | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'station-activity-'));
});
afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  running = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function keyOf(): Promise<string> {
  const team = await stationJson<{ id: string }>(['teams', 'create', '--data-dir', dataDir, '--name', 'Лавка']);
  return (await stationJson<{ secret: string }>(['keys', 'create', '--data-dir', dataDir, '--team', team.id, '--name', 'k'])).secret;
}

/** The station's JSON log lines so far, by message. */
const messages = () =>
  running!
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { message: string }).message);

describe('the terminal tells the story', () => {
  it('one line per order written or refused (with why), per print request, and per job state: printed on Save as PDF', async () => {
    const key = await keyOf();
    running = await serve(['--data-dir', dataDir, '--port', '0', '--no-auto-print']);
    const post = (body: unknown) => fetch(`${running!.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const created = (await (await post(sampleOrder('T-1', { customer: { firstName: 'Олег', lastName: '田中' } }))).json()) as { id: string };
    expect((await post({ sourceId: 'T-2', order: { lineItems: 'none' } })).status).toBe(400);
    const printed = await fetch(`${running.url}/api/orders/${created.id}/print`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ overrides: { printer: 'save-as-pdf' } }) });
    expect(printed.status).toBe(200);
    await waitFor(() => (messages().includes('order #T-1 is printed') ? true : undefined), 60_000, 'the printed line');
    const lines = messages();
    expect(lines).toContain('order #T-1 created');
    expect(lines.find((line) => line.startsWith('order refused (400 validation_failed)'))).toMatch(/^order refused \(400 validation_failed\): .+; order\./);
    expect(lines.find((line) => line.startsWith('print request'))).toMatch(/\(api\): 1 order, 1 job on Save as PDF$/);
    expect(lines).toContain('job submitted on Save as PDF (#T-1)');
    expect(lines).toContain('job done on Save as PDF (#T-1)');
  });

  it('--quiet leaves the story out', async () => {
    const key = await keyOf();
    running = await serve(['--data-dir', dataDir, '--port', '0', '--no-auto-print', '--quiet']);
    expect((await fetch(`${running.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(sampleOrder('Q-1')) })).status).toBe(201);
    expect((await fetch(`${running.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(400);
    expect(messages().filter((line) => line.startsWith('order '))).toEqual([]);
  });
});
