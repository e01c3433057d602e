import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, loadMigrations, migrate, type Migration } from '../../../main/core/foundations/db/migrate';
import { openDatabase } from '../../../main/core/foundations/db/open';

let dir: string;
let db: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-migrate-'));
  db = new Database(join(dir, 'test.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const m = (version: number, sql: string): Migration => ({ version, name: `step-${version}`, sql });
const tables = () => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
const recorded = () => db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();

describe('migration runner', () => {
  it('applies migrations in version order, whatever order they are given in', () => {
    const done = migrate(db, [m(2, 'ALTER TABLE a ADD COLUMN b TEXT'), m(1, 'CREATE TABLE a (id INTEGER)')]);
    expect(done).toEqual([1, 2]);
    expect((db.prepare('PRAGMA table_info(a)').all() as { name: string }[]).map((c) => c.name)).toEqual(['id', 'b']);
  });

  it('loads NNNN-name.sql files sorted by number and ignores other files', () => {
    writeFileSync(join(dir, '0002-second.sql'), 'CREATE TABLE second (id INTEGER);');
    writeFileSync(join(dir, '0001-first.sql'), 'CREATE TABLE first (id INTEGER);');
    writeFileSync(join(dir, 'notes.md'), 'not a migration');
    const loaded = loadMigrations(dir);
    expect(loaded.map((x) => [x.version, x.name])).toEqual([[1, 'first'], [2, 'second']]);
    migrate(db, loaded);
    expect(tables()).toEqual(['first', 'schema_migrations', 'second']);
  });

  it('records each applied migration with its version, name and time', () => {
    migrate(db, [m(1, 'CREATE TABLE a (id INTEGER)'), m(2, 'CREATE TABLE b (id INTEGER)')]);
    expect(recorded()).toEqual([{ version: 1, name: 'step-1' }, { version: 2, name: 'step-2' }]);
    const at = (db.prepare('SELECT applied_at FROM schema_migrations WHERE version = 1').get() as { applied_at: string }).applied_at;
    expect(Number.isNaN(Date.parse(at))).toBe(false);
  });

  it('a second run applies nothing and changes nothing (idempotent)', () => {
    const list = [m(1, 'CREATE TABLE a (id INTEGER)'), m(2, 'CREATE TABLE b (id INTEGER)')];
    migrate(db, list);
    const before = recorded();
    expect(migrate(db, list)).toEqual([]);
    expect(recorded()).toEqual(before);
  });

  it('a later run applies only the new migrations', () => {
    migrate(db, [m(1, 'CREATE TABLE a (id INTEGER)')]);
    db.prepare('INSERT INTO a (id) VALUES (7)').run();
    expect(migrate(db, [m(1, 'CREATE TABLE a (id INTEGER)'), m(2, 'ALTER TABLE a ADD COLUMN note TEXT')])).toEqual([2]);
    expect(db.prepare('SELECT id, note FROM a').all()).toEqual([{ id: 7, note: null }]);
  });

  it('refuses a database newer than the code with DatabaseTooNewError, touching nothing', () => {
    migrate(db, [m(1, 'CREATE TABLE a (id INTEGER)'), m(2, 'CREATE TABLE b (id INTEGER)')]);
    const before = recorded();
    expect(() => migrate(db, [m(1, 'CREATE TABLE a (id INTEGER)')])).toThrow(DatabaseTooNewError);
    try {
      migrate(db, [m(1, 'CREATE TABLE a (id INTEGER)')]);
    } catch (error) {
      expect(error).toMatchObject({ databaseVersion: 2, codeVersion: 1 });
    }
    expect(recorded()).toEqual(before);
  });

  it('a failing migration rolls back whole and is not recorded; earlier ones stay', () => {
    const failing = m(2, 'CREATE TABLE half (id INTEGER); INSERT INTO missing_table VALUES (1);');
    expect(() => migrate(db, [m(1, 'CREATE TABLE a (id INTEGER)'), failing, m(3, 'CREATE TABLE c (id INTEGER)')])).toThrow(/missing_table/);
    expect(tables()).toEqual(['a', 'schema_migrations']);
    expect(recorded()).toEqual([{ version: 1, name: 'step-1' }]);
  });

  it("the station's own migrations apply to an empty data dir, and reopening applies none again", () => {
    const dataDir = join(dir, 'data');
    const first = openDatabase(dataDir);
    const versions = (first.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
    expect(versions).toEqual(loadMigrations().map((x) => x.version));
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.pragma('synchronous', { simple: true })).toBe(2);
    expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
    first.close();
    const again = openDatabase(dataDir);
    expect(migrate(again)).toEqual([]);
    again.close();
  });

  it('openDatabase refuses a station.db migrated by a newer station', () => {
    const dataDir = join(dir, 'newer');
    const first = openDatabase(dataDir);
    first.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from-the-future', '2030-01-01T00:00:00Z')").run();
    first.close();
    expect(() => openDatabase(dataDir)).toThrow(DatabaseTooNewError);
  });
});
