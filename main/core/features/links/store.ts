import { statement } from '../../foundations/db/statements';
import type { Db } from '../../foundations/db/open';
import type { LINK_TYPES, Point } from './schema';

export interface LinkRow {
  id: string;
  team_id: string;
  type: (typeof LINK_TYPES)[number];
  source_type: Point['type'];
  source_value: string;
  target_type: Point['type'];
  target_value: string;
  resolver: string;
  condition: string | null;
  created_at: string;
  updated_at: string;
  /** Runs in a row that hit the sandbox's hard limits (see `recordLinkRuns`). */
  heavy_faults: number;
  /** Set when those reached `SUSPEND_AFTER_HEAVY_FAULTS`: the link is skipped until edited. */
  suspended_at: string | null;
  suspended_reason: string | null;
}

/** Runs in a row that hit a hard limit before a link is suspended. */
export const SUSPEND_AFTER_HEAVY_FAULTS = 3;

export interface LinkErrorRow {
  id: number;
  link_id: string;
  team_id: string;
  stage: 'condition' | 'resolver';
  source: string;
  source_id: string;
  message: string;
  at: string;
}

/** Errors kept per link: enough to debug, bounded for a busy station with a broken resolver. */
export const LINK_ERRORS_KEPT = 100;

export function insertLink(db: Db, link: LinkRow): void {
  statement(db, 
    `INSERT INTO links (id, team_id, type, source_type, source_value, target_type, target_value, resolver, condition, created_at, updated_at)
     VALUES (@id, @team_id, @type, @source_type, @source_value, @target_type, @target_value, @resolver, @condition, @created_at, @updated_at)`,
  ).run(link);
}

export function updateLink(db: Db, link: LinkRow): void {
  const changed = statement(db, 
      `UPDATE links SET type = @type, source_type = @source_type, source_value = @source_value, target_type = @target_type,
         target_value = @target_value, resolver = @resolver, condition = @condition, updated_at = @updated_at,
         heavy_faults = 0, suspended_at = NULL, suspended_reason = NULL
       WHERE id = @id`,
    )
    .run(link).changes;
  if (changed !== 1) throw new Error(`link ${link.id} vanished during update`);
}

export function deleteLink(db: Db, id: string): boolean {
  return statement(db, 'DELETE FROM links WHERE id = ?').run(id).changes === 1;
}

/** The link only if it belongs to one of `teamIds` (the caller's scope). */
export function findLinkInScope(db: Db, id: string, teamIds: readonly string[]): LinkRow | undefined {
  const row = statement(db, 'SELECT * FROM links WHERE id = ?').get(id) as LinkRow | undefined;
  return row && teamIds.includes(row.team_id) ? row : undefined;
}

export function listLinks(db: Db, teamIds: readonly string[], filter: { source?: string; target?: string } = {}): LinkRow[] {
  if (teamIds.length === 0) return [];
  const where = [`team_id IN (${teamIds.map(() => '?').join(', ')})`];
  const params: string[] = [...teamIds];
  if (filter.source !== undefined) {
    where.push('source_value = ?');
    params.push(filter.source);
  }
  if (filter.target !== undefined) {
    where.push('target_value = ?');
    params.push(filter.target);
  }
  return statement(db, `SELECT * FROM links WHERE ${where.join(' AND ')} ORDER BY created_at, rowid`).all(...params) as LinkRow[];
}

/** The team's order links whose source point is the incoming order's source, oldest first; suspended ones are skipped. */
export function orderLinksFromSource(db: Db, teamId: string, source: string): LinkRow[] {
  return statement(db, "SELECT * FROM links WHERE team_id = ? AND type = 'order' AND source_value = ? AND suspended_at IS NULL ORDER BY created_at, rowid")
    .all(teamId, source) as LinkRow[];
}

/** The order that carries `key` in the team, if any. */
export function orderIdByKey(db: Db, teamId: string, key: string): string | undefined {
  const row = statement(db, 'SELECT order_id FROM order_keys WHERE team_id = ? AND key = ?').get(teamId, key) as { order_id: string } | undefined;
  return row?.order_id;
}

export function insertLinkError(db: Db, error: Omit<LinkErrorRow, 'id'>): void {
  statement(db, 
    'INSERT INTO link_errors (link_id, team_id, stage, source, source_id, message, at) VALUES (@link_id, @team_id, @stage, @source, @source_id, @message, @at)',
  ).run(error);
  statement(db, 
    'DELETE FROM link_errors WHERE link_id = ? AND id <= (SELECT id FROM link_errors WHERE link_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
  ).run(error.link_id, error.link_id, LINK_ERRORS_KEPT);
}

export function listLinkErrors(db: Db, filter: { linkId?: string; teamId?: string }, limit = LINK_ERRORS_KEPT): LinkErrorRow[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.linkId) {
    where.push('link_id = ?');
    params.push(filter.linkId);
  }
  if (filter.teamId) {
    where.push('team_id = ?');
    params.push(filter.teamId);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  return statement(db, `SELECT * FROM link_errors ${clause} ORDER BY id DESC LIMIT ?`).all(...params, limit) as LinkErrorRow[];
}

/**
 * After an ingest ran a link: a run that hit a hard limit counts toward suspension, any
 * other run clears the count. Returns the suspension reason when this run suspended the link.
 */
export function recordLinkRun(db: Db, linkId: string, heavyFault: string | undefined, at: string): string | undefined {
  if (!heavyFault) {
    statement(db, 'UPDATE links SET heavy_faults = 0 WHERE id = ? AND heavy_faults > 0').run(linkId);
    return undefined;
  }
  const reason = `suspended after ${SUSPEND_AFTER_HEAVY_FAULTS} runs in a row stopped by the sandbox's limits (last: ${heavyFault}); edit the link to resume it`;
  return (
    statement(
      db,
      `UPDATE links SET heavy_faults = heavy_faults + 1,
         suspended_at = CASE WHEN heavy_faults + 1 >= @limit THEN @at END,
         suspended_reason = CASE WHEN heavy_faults + 1 >= @limit THEN @reason END
       WHERE id = @id AND suspended_at IS NULL
       RETURNING suspended_reason`,
    ).get({ id: linkId, limit: SUSPEND_AFTER_HEAVY_FAULTS, at, reason }) as { suspended_reason: string | null } | undefined
  )?.suspended_reason ?? undefined;
}

/** How many failures of a link are kept (the last LINK_ERRORS_KEPT) and when the newest was. */
export function linkErrorSummary(db: Db, linkId: string): { count: number; lastAt: string | null } {
  const row = statement(db, 'SELECT COUNT(*) AS count, MAX(at) AS lastAt FROM link_errors WHERE link_id = ?').get(linkId) as { count: number; lastAt: string | null };
  return { count: row.count, lastAt: row.lastAt };
}
