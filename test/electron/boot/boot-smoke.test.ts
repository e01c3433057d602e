import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../main/core/features/keys/service';
import { silentLogger } from '../../../main/core/foundations/logger';
import { createStation } from '../../../main/core/station';
import { createTeam } from '../../../main/core/features/teams/service';
import { ELECTRON_NATIVE_DIR, SQLITE_BINDING_FILE } from '../../../main/electron/native-binding';
import { useTestCups } from '../../helpers/cups/test-cups';

// The bundle lists CUPS's queues: this file's own scheduler, with the suite's queues (test/helpers/cups).
useTestCups();

type StubMessage =
  | { type: 'loadURL'; url: string }
  | { type: 'tray'; tooltip: string }
  | { type: 'missing-file'; what: string; path: string }
  | { type: 'error-box'; title: string; content: string }
  | { type: 'exit'; code: number }
  | { type: 'closed' }
  | { type: 'invoked'; id: number; channel: string; value?: unknown; error?: string; handled: boolean };

const repo = resolve(import.meta.dirname, '../../..');
const bundle = join(repo, 'dist-electron/main/index.js');

/**
 * The built desktop bundle, started under plain Node with the `electron` module replaced by
 * a STUB (electron-module-stub.mjs): the real bundle's imports (ESM and CommonJS packages),
 * asset and path lookups, native-binding lookup, database, server and print backends run as
 * they do in Electron; only Electron's own API is stood in for.
 */
describe('the built desktop bundle, booted under Node with a stub of electron', { timeout: 60_000 }, () => {
  const appRoot = mkdtempSync(join(tmpdir(), 'station-boot-app-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'station-boot-data-'));
  let key: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    execFileSync('npm', ['run', 'build:electron'], { cwd: repo, stdio: 'pipe' });
    // An app folder as a checkout after `npm start`: the built bundles, the dashboard, the
    // assets, and better-sqlite3 for Electron in build/electron-native (here Node's own
    // build under that name: Electron's cannot load under Node).
    for (const part of ['dist', 'dist-electron', 'main']) symlinkSync(join(repo, part), join(appRoot, part));
    mkdirSync(join(appRoot, ELECTRON_NATIVE_DIR), { recursive: true });
    const nodeBuild = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build/Release/better_sqlite3.node');
    copyFileSync(nodeBuild, join(appRoot, ELECTRON_NATIVE_DIR, SQLITE_BINDING_FILE));
    // A team and key made beforehand, so the test can call the API the desktop serves.
    const station = createStation({ dataDir, logger: silentLogger });
    key = station.db.transaction(() => {
      const { team } = createTeam(station.db, station.hooks, { name: 'Boot', type: 'standard' });
      return createApiKey(station.db, team.id, 'boot key').secret;
    })();
    void station.close();
    // Any free port: the desktop reads it from its own settings file.
    writeFileSync(join(dataDir, 'desktop.json'), JSON.stringify({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(appRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, opens its database through the native-binding path, serves the API and dashboard, lists every backend’s printers, becomes a bench’s window and the station’s own again, and quits cleanly', async () => {
    expect(existsSync(bundle)).toBe(true);
    const messages: StubMessage[] = [];
    const waiters: { match: (message: StubMessage) => boolean; resolve: (message: StubMessage) => void }[] = [];
    let output = '';
    child = fork(bundle, [], {
      cwd: appRoot,
      execArgv: ['--import', join(import.meta.dirname, 'electron-stub-loader.mjs')],
      env: { ...process.env, STATION_DATA_DIR: dataDir, ELECTRON_STUB_APP_ROOT: appRoot },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('message', (message: StubMessage) => {
      messages.push(message);
      for (const waiter of waiters.filter((candidate) => candidate.match(message))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const next = (match: (message: StubMessage) => boolean, what: string) =>
      Promise.race([
        new Promise<StubMessage>((resolve) => {
          const found = messages.find(match);
          if (found) resolve(found);
          else waiters.push({ match, resolve });
        }),
        exited.then((code) => {
          throw new Error(`the desktop exited (${code}) before ${what}:\n${output}\n${JSON.stringify(messages)}`);
        }),
      ]);

    // The dashboard window is opened on the station's own address.
    const load = (await next((message) => message.type === 'loadURL' && message.url.startsWith('http://127.0.0.1:'), 'opening its window')) as { url: string };
    const base = new URL(load.url).origin;
    expect(load.url).toBe(`${base}/#/orders`);
    expect(messages.filter((message) => message.type === 'missing-file' || message.type === 'error-box')).toEqual([]);

    const dashboard = await fetch(`${base}/`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toMatch(/<div id="root">/);

    // The team made beforehand is there: the database was opened through the binding.
    const printers = (await (await fetch(`${base}/api/printers`, { headers: { 'X-API-Key': key } })).json()) as { printerVendorId: string }[];
    const vendorIds = printers.map((printer) => printer.printerVendorId);
    expect(vendorIds).toContain('save-as-pdf');
    expect(vendorIds).toContain('Electron_Stub_Printer');
    // CUPS's queues (this file's own CUPS), each once although Electron's list may hold them too.
    expect(vendorIds).toContain('PDF');
    expect(new Set(vendorIds).size).toBe(vendorIds.length);
    // The tray shows the station's state.
    await next((message) => message.type === 'tray' && message.tooltip.includes(`listening on ${new URL(base).host}`), 'showing its tray');

    // IPC as the dashboard's page invokes it (the preload's channels, main/electron/ipc.ts).
    let invocations = 0;
    const invoke = async (channel: string) => {
      const id = ++invocations;
      child!.send({ type: 'invoke', id, channel, url: `${base}/#/orders` });
      const answer = (await next((message) => message.type === 'invoked' && message.id === id, `the answer on ${channel}`)) as { value?: unknown; error?: string; handled: boolean };
      expect(answer).toMatchObject({ handled: true });
      expect(answer.error).toBeUndefined();
      return answer.value;
    };
    // The station's own window: handed the station admin's session, no bench.
    const adminSession = (await invoke('station:session-token')) as string;
    expect(adminSession).toMatch(/\S{20,}/);
    expect(await invoke('station:bench-token')).toBeNull();
    const admin = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${adminSession}`, 'Content-Type': 'application/json', ...init.headers } });
    expect((await admin('/admin/api/settings/desktop-window')).status).toBe(200);

    // Made the window of bench "Упаковка 1": the window is opened anew at Orders, and is
    // handed the bench, not a session (people sign in at it).
    const bench = (await (await admin('/admin/api/benches', { method: 'POST', body: JSON.stringify({ name: 'Упаковка 1' }) })).json()) as { id: string };
    const loadsBefore = messages.filter((message) => message.type === 'loadURL').length;
    const set = await admin('/admin/api/settings/desktop-window', { method: 'PUT', body: JSON.stringify({ benchId: 'Упаковка 1' }) });
    expect(await set.json()).toEqual({ benchId: bench.id, benchName: 'Упаковка 1' });
    await next((message) => message.type === 'closed', 'closing the station’s own window');
    await next((message) => message.type === 'loadURL' && messages.filter((one) => one.type === 'loadURL').indexOf(message) >= loadsBefore, 'opening the bench window');
    expect(messages.filter((message) => message.type === 'loadURL').at(-1)).toEqual({ type: 'loadURL', url: `${base}/#/orders` });
    expect(await invoke('station:session-token')).toBeNull();
    const benchToken = (await invoke('station:bench-token')) as string;
    const screen = (await (await fetch(`${base}/admin/api/bench-screen`, { headers: { 'X-Station-Bench': benchToken } })).json()) as { bench: { name: string } | null };
    expect(screen.bench?.name).toBe('Упаковка 1');
    // Nobody is signed in at it yet: the dashboard's data needs a person.
    expect((await fetch(`${base}/admin/api/orders`, { headers: { 'X-Station-Bench': benchToken } })).status).toBe(401);
    // A bench that does not exist is refused, and the window stays the bench's.
    const refused = await admin('/admin/api/settings/desktop-window', { method: 'PUT', body: JSON.stringify({ benchId: 'Bench 404' }) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('bench_not_found');
    // The station's own window again: the session is handed over once more.
    await admin('/admin/api/settings/desktop-window', { method: 'PUT', body: JSON.stringify({ benchId: null }) });
    await next((message) => message.type === 'closed' && messages.filter((one) => one.type === 'closed').length === 2, 'closing the bench window');
    expect(await invoke('station:bench-token')).toBeNull();
    expect(await invoke('station:session-token')).toMatch(/\S{20,}/);
    // The bench window's pairing went with it: its token names no bench any more.
    expect(((await (await fetch(`${base}/admin/api/bench-screen`, { headers: { 'X-Station-Bench': benchToken } })).json()) as { bench: unknown }).bench).toBeNull();

    child.send('quit');
    // Exit code 0 comes only from the desktop's own stop, after the station closed.
    expect(await exited).toBe(0);
    // Closed cleanly: the last connection's close checkpointed and removed the WAL.
    expect(existsSync(join(dataDir, 'station.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'station.db-wal'))).toBe(false);
  });
});
