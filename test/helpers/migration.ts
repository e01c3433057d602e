import Database from 'better-sqlite3';
import { join } from 'node:path';
import { loadMigrations, migrate } from '../../main/core/foundations/db/migrate';
import { createHooks } from '../../main/core/features/hooks';
import { createTeam } from '../../main/core/features/teams/service';

/**
 * `station.db` in `dir` as a station before migration `version` left it, with one team:
 * the starting point of a migration's upgrade test. The caller fills it and closes it.
 */
export function databaseBefore(dir: string, version: number, teamName: string): { db: Database.Database; teamId: string } {
  const db = new Database(join(dir, 'station.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, loadMigrations().filter((m) => m.version < version));
  const teamId = db.transaction(() => createTeam(db, createHooks(), { name: teamName, type: 'standard' }).team.id)();
  return { db, teamId };
}
