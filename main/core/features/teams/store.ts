import { statement } from '../../foundations/db/statements';
import type { Db } from '../../foundations/db/open';

/** The kinds of team: a shop on its own, a 3PL, and a merchant a 3PL manages. */
export const TEAM_TYPES = ['standard', 'three_pl', 'merchant'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];
export const TEAM_STATUSES = ['onboarding', 'live'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

export interface TeamRow {
  id: string;
  name: string;
  slug: string;
  type: TeamType;
  parent_team_id: string | null;
  status: TeamStatus;
  account_manager_user_id: string | null;
  went_live_at: string | null;
  went_live_by: string | null;
  /** BCP 47; null: the station's locale (documents/i18n). */
  locale: string | null;
  created_at: string;
  updated_at: string;
}

export function insertTeam(db: Db, team: TeamRow): void {
  statement(db, 
    `INSERT INTO teams (id, name, slug, type, parent_team_id, status, account_manager_user_id,
       went_live_at, went_live_by, created_at, updated_at)
     VALUES (@id, @name, @slug, @type, @parent_team_id, @status, @account_manager_user_id,
       @went_live_at, @went_live_by, @created_at, @updated_at)`,
  ).run(team);
}

export function getTeam(db: Db, id: string): TeamRow | undefined {
  return statement(db, 'SELECT * FROM teams WHERE id = ?').get(id) as TeamRow | undefined;
}

export function listTeams(db: Db): TeamRow[] {
  return statement(db, 'SELECT * FROM teams ORDER BY created_at, name').all() as TeamRow[];
}

export function listMerchantIds(db: Db, parentTeamId: string): string[] {
  return (statement(db, 'SELECT id FROM teams WHERE parent_team_id = ?').all(parentTeamId) as { id: string }[]).map(
    (row) => row.id,
  );
}

export function slugTaken(db: Db, slug: string): boolean {
  return statement(db, 'SELECT 1 FROM teams WHERE slug = ?').get(slug) !== undefined;
}

/** The first free slug of `base`, `base-2`, `base-3`, … */
export function uniqueSlug(db: Db, base: string): string {
  if (!slugTaken(db, base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!slugTaken(db, candidate)) return candidate;
  }
}

/** Sets the locale of a team's documents (null: the station's). */
export function setTeamLocale(db: Db, id: string, locale: string | null, at: string): void {
  statement(db, 'UPDATE teams SET locale = ?, updated_at = ? WHERE id = ?').run(locale, at, id);
}

/** Makes a team without a parent standard or a 3PL (a merchant stays a merchant). */
export function setTeamType(db: Db, id: string, type: 'standard' | 'three_pl', at: string): void {
  statement(db, "UPDATE teams SET type = ?, updated_at = ? WHERE id = ? AND parent_team_id IS NULL").run(type, at, id);
}

/** Every team's id: the dashboard acts for the station operator, over all of them. */
export function listTeamIds(db: Db): string[] {
  return statement(db, 'SELECT id FROM teams').pluck().all() as string[];
}

/** The 3PL team a merchant belongs to, or null. */
export function parentTeamIdOf(db: Db, teamId: string): string | null {
  return (statement(db, 'SELECT parent_team_id FROM teams WHERE id = ?').pluck().get(teamId) as string | null | undefined) ?? null;
}

/** Whether the station has any team yet (the first run makes one). */
export function hasAnyTeam(db: Db): boolean {
  return statement(db, 'SELECT 1 FROM teams LIMIT 1').get() !== undefined;
}
