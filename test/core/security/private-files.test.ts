import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BIN, ROOT, stationJson } from '../cli/run-station';
import { waitFor } from '../printers/cups-output';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The data dir holds customers' names and addresses: whatever the umask, nothing in it is
 * readable by another local user. The station runs as a person starts it (`station serve`
 * under umask 022); an install made before this is corrected at the next start.
 */
const dataDir = join(mkdtempSync(join(tmpdir(), 'station-modes-')), 'data');
afterAll(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

/** `station serve` started from a shell with umask 022; resolves with its URL and a stop function. */
function serveWithUmask022(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn('sh', ['-c', `umask 022 && exec "${process.execPath}" "${BIN}" serve --data-dir "${dataDir}" --port 0`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then(() => reject(new Error(`station serve exited:\n${out}`)));
  });
}

async function signIn(url: string): Promise<string> {
  // `station login` prints a one-time link; the browser exchanges its token for a session.
  const { link } = await stationJson<{ link: string }>(['login', '--data-dir', dataDir]);
  expect(link.startsWith(`${url}/#login=`)).toBe(true);
  const loginToken = link.split('#login=')[1]!;
  const exchange = async () => fetch(`${url}/admin/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginToken }) });
  const first = await exchange();
  expect(first.status).toBe(201);
  const again = await exchange();
  expect(again.status).toBe(401);
  expect((await again.json()).error.message).toMatch(/run `station login`/);
  return ((await first.json()) as { sessionToken: string }).sessionToken;
}

it('keeps the data dir 0700 and the database, WAL, SHM, settings and printed PDFs 0600 under umask 022, and corrects an older install', { timeout: 60_000 }, async () => {
  const team = await stationJson<{ id: string }>(['teams', 'create', '--name', 'Modes', '--data-dir', dataDir]);
  const { secret } = await stationJson<{ secret: string }>(['keys', 'create', '--team', team.id, '--name', 'k', '--data-dir', dataDir]);
  const served = await serveWithUmask022();
  try {
    const session = await signIn(served.url);
    const admin = (path: string, init: RequestInit = {}) =>
      fetch(`${served.url}/admin/api${path}`, { ...init, headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' } });
    expect((await admin('/settings/network', { method: 'PUT', body: JSON.stringify({ imageHostsAllowed: ['images.wms.local'] }) })).status).toBe(200);
    const order = (await (
      await fetch(`${served.url}/api/orders`, { method: 'POST', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, body: JSON.stringify({ sourceId: 'M1', order: { orderNumber: 'M1', customer: { firstName: 'Ada' } } }) })
    ).json()) as { id: string };
    const [result] = (await (
      await fetch(`${served.url}/api/orders/${order.id}/print`, { method: 'POST', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, body: JSON.stringify({ overrides: { printer: 'save-as-pdf' } }) })
    ).json()) as { id: string }[];
    await waitFor(async () => {
      const batch = (await (await admin(`/print-batches/${result!.id}`)).json()) as { jobs: { state: string }[] };
      return batch.jobs.every((job) => job.state === 'done') ? true : undefined;
    }, 60_000, 'the job to print');

    const pdfs = readdirSync(join(dataDir, 'printed')).filter((name) => name.endsWith('.pdf'));
    expect(pdfs.length).toBeGreaterThan(0);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'printed'))).toBe(0o700);
    for (const file of ['station.db', 'station.db-wal', 'station.db-shm', 'settings.json', ...pdfs.map((pdf) => join('printed', pdf))]) {
      expect(mode(join(dataDir, file)), file).toBe(0o600);
    }
    // The print cache: the job's printed copy (customer data) is owner only too.
    const cached = readdirSync(join(dataDir, 'print-cache'));
    expect(cached.length).toBeGreaterThan(0);
    expect(mode(join(dataDir, 'print-cache'))).toBe(0o700);
    for (const name of cached) expect(mode(join(dataDir, 'print-cache', name)), name).toBe(0o600);
  } finally {
    await served.stop();
  }

  // An install from before: everything readable by all. The next start corrects it.
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'printed'), 0o755);
  for (const file of ['station.db', 'settings.json']) chmodSync(join(dataDir, file), 0o644);
  chmodSync(join(dataDir, 'print-cache'), 0o755);
  const cachedBefore = readdirSync(join(dataDir, 'print-cache'));
  for (const name of cachedBefore) chmodSync(join(dataDir, 'print-cache', name), 0o644);
  const again = await serveWithUmask022();
  try {
    // The cache is opened as the station starts: its folder and files are corrected then.
    await waitFor(() => (cachedBefore.every((name) => mode(join(dataDir, 'print-cache', name)) === 0o600) ? true : undefined), 30_000, 'the print cache to be made private');
    expect(mode(join(dataDir, 'print-cache'))).toBe(0o700);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'printed'))).toBe(0o700);
    for (const file of ['station.db', 'station.db-wal', 'station.db-shm', 'settings.json']) expect(mode(join(dataDir, file)), file).toBe(0o600);
  } finally {
    await again.stop();
  }
});
