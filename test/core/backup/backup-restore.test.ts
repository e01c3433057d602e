import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBackupFacts } from '../../../main/core/features/backup/backup';
import { BACKUPS_KEPT, listAutomaticBackups } from '../../../main/core/features/backup/daily';
import { sampleOrder, startStation } from '../../helpers/station';
import { serve, station, stationJson } from '../cli/run-station';

const root = mkdtempSync(join(tmpdir(), 'station-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = (name: string) => join(root, name);

const orderCount = (dataDir: string) => {
  const db = new Database(join(dataDir, 'station.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('station backup and restore', { timeout: 60_000 }, () => {
  const source = dir('source');
  const backupFile = dir('monday.sqlite');
  let key: string;

  it('backs up a serving station while orders keep arriving: a consistent copy with the orders committed before it', async () => {
    const team = await stationJson<{ id: string }>(['teams', 'create', '--data-dir', source, '--name', 'Бэкап 店']);
    key = (await stationJson<{ secret: string }>(['keys', 'create', '--data-dir', source, '--team', team.id, '--name', 'wms'])).secret;
    const served = await serve(['--data-dir', source, '--port', '0', '--no-auto-print']);
    try {
      const post = (id: string) => fetch(`${served.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(sampleOrder(id, { customer: { firstName: 'さくら', lastName: 'Иванова' } })) });
      for (let i = 0; i < 20; i++) expect((await post(`before-${i}`)).status).toBe(201);
      // Orders keep arriving during the backup.
      let posting = true;
      const during = (async () => {
        let n = 0;
        while (posting) expect((await post(`during-${n++}`)).status).toBe(201);
        return n;
      })();
      const result = await station(['backup', '--data-dir', source, '--to', backupFile, '--json']);
      posting = false;
      const postedDuring = await during;
      expect(result.code, result.stderr).toBe(0);
      const facts = JSON.parse(result.stdout) as { orders: number; schemaVersion: number; format: string; file: string };
      expect(facts).toMatchObject({ format: 'order-print-station-backup/1', file: backupFile });
      expect(facts.orders).toBeGreaterThanOrEqual(20);
      expect(facts.orders).toBeLessThanOrEqual(20 + postedDuring);
      expect(readBackupFacts(backupFile).orders).toBe(facts.orders);
      const copy = new Database(backupFile, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      copy.close();
    } finally {
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });

  it('restores into a new data dir that then serves the same orders to the same key', async () => {
    const target = dir('restored');
    const result = await station(['restore', '--data-dir', target, '--from', backupFile]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^restored \d+ orders from /);
    const expected = readBackupFacts(backupFile).orders;
    const s = await startStation({ dataDir: target });
    try {
      const teamId = s.station.db.prepare('SELECT id FROM teams').pluck().get() as string;
      // The key of the backed-up station still works (keys are stored hashed in the database).
      const res = await s.call(`/api/orders/${encodeURIComponent(`${teamId}/api-before-7`)}/status`, { key });
      expect(res.status).toBe(200);
      expect(s.station.db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(expected);
      expect(s.station.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'station_backup'").pluck().get()).toBe(0);
      // The search indexes were rebuilt for the copied rows: each order and key is found as itself.
      const searchable = s.station.db
        .prepare("SELECT count(*) FROM orders o JOIN order_search s ON s.rowid = o.rowid WHERE instr(s.text, o.order_number) > 0")
        .pluck()
        .get();
      expect(searchable).toBe(expected);
      const keys = s.station.db.prepare('SELECT count(*) FROM order_keys').pluck().get();
      expect(s.station.db.prepare('SELECT count(*) FROM order_keys k JOIN order_key_search s ON s.rowid = k.rowid WHERE s.key = k.key').pluck().get()).toBe(keys);
    } finally {
      await s.stop();
    }
  });

  it('refuses what is not a station backup, or is newer than this code, and writes nothing', async () => {
    const target = dir('refused');
    const text = dir('notes.txt');
    writeFileSync(text, 'not a database');
    const plain = dir('plain.sqlite');
    const plainDb = new Database(plain);
    plainDb.exec('CREATE TABLE orders (id TEXT)');
    plainDb.close();
    const newer = dir('newer.sqlite');
    copyFileSync(backupFile, newer);
    const edit = new Database(newer);
    const facts = JSON.parse(edit.prepare("SELECT value FROM station_backup WHERE key = 'facts'").pluck().get() as string) as { schemaVersion: number };
    edit.prepare("UPDATE station_backup SET value = ? WHERE key = 'facts'").run(JSON.stringify({ ...facts, schemaVersion: 9999, stationVersion: '99.0.0' }));
    edit.close();
    const cases: [string, RegExp][] = [
      [text, /is not an Order Print Station backup \(not a SQLite database\)/],
      [plain, /is not an Order Print Station backup \(a SQLite file without the station's backup marker\)/],
      [join(source, 'station.db'), /without the station's backup marker/],
      [newer, /was taken by a newer Order Print Station \(99\.0\.0, schema 9999/],
      [dir('missing.sqlite'), /does not exist/],
    ];
    for (const [file, message] of cases) {
      const result = await station(['restore', '--data-dir', target, '--from', file]);
      expect([file, result.code]).toEqual([file, 1]);
      expect(result.stderr).toMatch(message);
    }
    expect(existsSync(join(target, 'station.db'))).toBe(false);
  });

  it('never overwrites a data dir that has a database unless --force, and then keeps the old one aside', async () => {
    const target = dir('occupied');
    await stationJson(['teams', 'create', '--data-dir', target, '--name', 'Already here']);
    const refused = await station(['restore', '--data-dir', target, '--from', backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already has a station database; stop the station there and pass --force/);
    expect(orderCount(target)).toBe(0);

    const forced = await station(['restore', '--data-dir', target, '--from', backupFile, '--force', '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    const { keptAside } = JSON.parse(forced.stdout) as { keptAside: string };
    expect(existsSync(keptAside)).toBe(true);
    expect(orderCount(target)).toBe(readBackupFacts(backupFile).orders);
  });
});

describe('daily automatic backups', { timeout: 60_000 }, () => {
  it('takes one at start when the newest is a day old, and keeps the last seven', async () => {
    const dataDir = dir('daily');
    const folder = join(dataDir, 'backups');
    mkdirSync(folder, { recursive: true });
    // Eight old backups from earlier days (their content is not read: only names are).
    for (let day = 1; day <= 8; day++) writeFileSync(join(folder, `station-2026-10-0${day}T06-00-00-000Z.sqlite`), '');
    const s = await startStation({ dataDir, automaticBackups: true });
    try {
      // The backup starts at once: it may have finished while the server started listening.
      // The file is renamed into place in the same turn as the event, so either one says it is done.
      const newest = () => listAutomaticBackups(folder).find((name) => !name.startsWith('station-2026-10-'));
      const taken = newest() && listAutomaticBackups(folder).length === BACKUPS_KEPT
        ? { file: join(folder, newest()!), ok: true, error: undefined }
        : await new Promise<{ file: string | null; ok: boolean; error?: string }>((resolve) => s.station.events.once('backup', resolve));
      expect(taken.ok, taken.error).toBe(true);
      const kept = listAutomaticBackups(folder);
      expect(kept).toHaveLength(BACKUPS_KEPT);
      expect(join(folder, kept.at(-1)!)).toBe(taken.file);
      expect(kept[0]).toBe('station-2026-10-03T06-00-00-000Z.sqlite');
      expect(readBackupFacts(taken.file!).format).toBe('order-print-station-backup/1');
      expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});
