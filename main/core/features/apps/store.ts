import { statement } from '../../foundations/db/statements';
import type { Db } from '../../foundations/db/open';

export interface SourceAppRow {
  id: string;
  team_id: string;
  name: string;
  active: 0 | 1;
  created_at: string;
  updated_at: string;
}

export function insertSourceApp(db: Db, app: SourceAppRow): void {
  statement(db, 
    'INSERT INTO source_apps (id, team_id, name, active, created_at, updated_at) VALUES (@id, @team_id, @name, @active, @created_at, @updated_at)',
  ).run(app);
}

export function getSourceApp(db: Db, id: string): SourceAppRow | undefined {
  return statement(db, 'SELECT * FROM source_apps WHERE id = ?').get(id) as SourceAppRow | undefined;
}

/** The app only if it belongs to one of `teamIds` (the caller's scope). */
export function findSourceAppInScope(db: Db, id: string, teamIds: readonly string[]): SourceAppRow | undefined {
  const app = getSourceApp(db, id);
  return app && teamIds.includes(app.team_id) ? app : undefined;
}

export function listSourceApps(db: Db, teamId?: string): SourceAppRow[] {
  return teamId
    ? (statement(db, 'SELECT * FROM source_apps WHERE team_id = ? ORDER BY created_at').all(teamId) as SourceAppRow[])
    : (statement(db, 'SELECT * FROM source_apps ORDER BY created_at').all() as SourceAppRow[]);
}

export function setSourceAppActive(db: Db, id: string, active: boolean, at: string): boolean {
  return statement(db, 'UPDATE source_apps SET active = ?, updated_at = ? WHERE id = ?').run(active ? 1 : 0, at, id).changes === 1;
}

export function renameSourceApp(db: Db, id: string, name: string, at: string): void {
  statement(db, 'UPDATE source_apps SET name = ?, updated_at = ? WHERE id = ?').run(name, at, id);
}
