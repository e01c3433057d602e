import type { Actor } from '../../foundations/actor';
import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

export interface ActivityRow {
  id: number;
  at: string;
  team_id: string | null;
  actor_kind: Actor['kind'];
  actor_id: string | null;
  actor_name: string;
  action: string;
  operation: string;
  subject: string;
  status: number;
}

export function insertActivity(db: Db, row: Omit<ActivityRow, 'id'>): void {
  statement(
    db,
    `INSERT INTO activity (at, team_id, actor_kind, actor_id, actor_name, action, operation, subject, status)
     VALUES (@at, @team_id, @actor_kind, @actor_id, @actor_name, @action, @operation, @subject, @status)`,
  ).run(row);
}

/**
 * The newest activity first. `teams` (JSON, null: every team) keeps a person's view to
 * their teams (the station's own things, team null, are the station admin's to see);
 * `actorId` narrows to one person or key.
 */
export function listActivity(db: Db, filter: { teams: string | null; actorId?: string; teamId?: string; before?: number; limit: number }): ActivityRow[] {
  return statement(
    db,
    `SELECT * FROM activity
     WHERE (@teams IS NULL OR team_id IN (SELECT value FROM json_each(@teams)))
       AND (@actorId IS NULL OR actor_id = @actorId) AND (@teamId IS NULL OR team_id = @teamId) AND (@before IS NULL OR id < @before)
     ORDER BY id DESC LIMIT @limit`,
  ).all({ teams: filter.teams, actorId: filter.actorId ?? null, teamId: filter.teamId ?? null, before: filter.before ?? null, limit: filter.limit }) as ActivityRow[];
}
