import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/*
 * The people of the station and their memberships in teams (the `users`, `memberships` and
 * `password_resets` tables): one store for the teams that make owners and members, and for
 * people/ that signs them in and manages their credentials.
 */

/**
 * What a person may do in a team, strongest first: `admin` (the team's settings, keys and
 * people), `operator` (prints and works the bench), `viewer` (reads). Station admin is a
 * mark on the person, not a team role.
 */
export const MEMBER_ROLES = ['admin', 'operator', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  created_at: string;
}

export interface MemberRow extends UserRow {
  role: MemberRole;
  joined_at: string;
}

export function insertUser(db: Db, user: UserRow): void {
  db.prepare('INSERT INTO users (id, name, email, created_at) VALUES (@id, @name, @email, @created_at)').run(user);
}

export function addMembership(db: Db, teamId: string, userId: string, role: MemberRole, at: string): void {
  // A user already in the team keeps the stronger of the two roles.
  db.prepare(
    `INSERT INTO memberships (team_id, user_id, role, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (team_id, user_id) DO UPDATE SET role = CASE
       WHEN 'admin' IN (excluded.role, role) THEN 'admin'
       WHEN 'operator' IN (excluded.role, role) THEN 'operator'
       ELSE 'viewer' END`,
  ).run(teamId, userId, role, at);
}

export function listMembers(db: Db, teamId: string): MemberRow[] {
  return db
    .prepare(
      `SELECT u.*, m.role, m.created_at AS joined_at FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.team_id = ? ORDER BY m.created_at, u.name`,
    )
    .all(teamId) as MemberRow[];
}

export function isMember(db: Db, teamId: string, userId: string): boolean {
  return db.prepare('SELECT 1 FROM memberships WHERE team_id = ? AND user_id = ?').get(teamId, userId) !== undefined;
}

/** A person as sign-in sees them (users table, with what migration 0033 added). */
export interface PersonRow extends UserRow {
  password_hash: string | null;
  station_admin: 0 | 1;
  disabled_at: string | null;
}

export function findPersonByEmail(db: Db, email: string): PersonRow | undefined {
  return statement(db, 'SELECT id, name, email, created_at, password_hash, station_admin, disabled_at FROM users WHERE email = ?').get(email) as PersonRow | undefined;
}

export function getPerson(db: Db, id: string): PersonRow | undefined {
  return statement(db, 'SELECT id, name, email, created_at, password_hash, station_admin, disabled_at FROM users WHERE id = ?').get(id) as PersonRow | undefined;
}

/** Everyone with an e-mail (the station's own built-in user has none), by name. */
export function listPeople(db: Db): PersonRow[] {
  return statement(db, 'SELECT id, name, email, created_at, password_hash, station_admin, disabled_at FROM users WHERE email IS NOT NULL ORDER BY name COLLATE NOCASE, email').all() as PersonRow[];
}

export function setPasswordHash(db: Db, userId: string, passwordHash: string): void {
  statement(db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
}

export function setPersonName(db: Db, userId: string, name: string): void {
  statement(db, 'UPDATE users SET name = ? WHERE id = ?').run(name, userId);
}

export function setDisabled(db: Db, userId: string, at: string | null): void {
  statement(db, 'UPDATE users SET disabled_at = ? WHERE id = ?').run(at, userId);
}

export function setStationAdmin(db: Db, userId: string, stationAdmin: boolean): void {
  statement(db, 'UPDATE users SET station_admin = ? WHERE id = ?').run(stationAdmin ? 1 : 0, userId);
}

/** A person's memberships: the teams they are in and their role there. */
export function membershipsOf(db: Db, userId: string): Array<{ team_id: string; role: MemberRole }> {
  return statement(db, 'SELECT team_id, role FROM memberships WHERE user_id = ? ORDER BY created_at').all(userId) as Array<{ team_id: string; role: MemberRole }>;
}

export function membershipsOfTeam(db: Db, teamId: string): Array<{ user_id: string; role: MemberRole }> {
  return statement(db, 'SELECT user_id, role FROM memberships WHERE team_id = ?').all(teamId) as Array<{ user_id: string; role: MemberRole }>;
}

/** Sets a member's role; false when the person is not a member of the team. */
export function setMemberRole(db: Db, teamId: string, userId: string, role: MemberRole): boolean {
  return statement(db, 'UPDATE memberships SET role = ? WHERE team_id = ? AND user_id = ?').run(role, teamId, userId).changes === 1;
}

export function removeMembership(db: Db, teamId: string, userId: string): boolean {
  return statement(db, 'DELETE FROM memberships WHERE team_id = ? AND user_id = ?').run(teamId, userId).changes === 1;
}

export function insertPasswordReset(db: Db, row: { tokenHash: string; userId: string; createdAt: string; expiresAt: string }): void {
  // A new link replaces the person's earlier ones.
  statement(db, 'DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL').run(row.userId);
  statement(db, 'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(row.tokenHash, row.userId, row.createdAt, row.expiresAt);
}

/** Uses a reset link once: its person's id, or undefined for an unknown, used or expired link. */
export function usePasswordReset(db: Db, tokenHash: string, now: string): string | undefined {
  const row = statement(db, 'SELECT user_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?').get(tokenHash, now) as { user_id: string } | undefined;
  if (!row) return undefined;
  statement(db, 'UPDATE password_resets SET used_at = ? WHERE token_hash = ?').run(now, tokenHash);
  return row.user_id;
}

export function findPasswordReset(db: Db, tokenHash: string, now: string): string | undefined {
  return (statement(db, 'SELECT user_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?').get(tokenHash, now) as { user_id: string } | undefined)?.user_id;
}

/** A person's badge (its SHA-256; null takes it away). A new badge replaces the old one. */
export function setBadgeHash(db: Db, userId: string, badgeHash: string | null, at: string | null = null): void {
  statement(db, 'UPDATE users SET badge_hash = ?, badge_issued_at = ? WHERE id = ?').run(badgeHash, badgeHash === null ? null : at, userId);
}

/** When a person's badge was issued and their PIN set (null: they have none). */
export function credentialTimesOf(db: Db, userId: string): { badgeIssuedAt: string | null; pinSetAt: string | null } {
  const row = statement(db, 'SELECT badge_hash, badge_issued_at, pin_hash, pin_set_at FROM users WHERE id = ?').get(userId) as
    | { badge_hash: string | null; badge_issued_at: string | null; pin_hash: string | null; pin_set_at: string | null }
    | undefined;
  return { badgeIssuedAt: row?.badge_hash ? (row.badge_issued_at ?? '') : null, pinSetAt: row?.pin_hash ? (row.pin_set_at ?? '') : null };
}

export function findPersonByBadgeHash(db: Db, badgeHash: string): PersonRow | undefined {
  return statement(db, 'SELECT id, name, email, created_at, password_hash, station_admin, disabled_at FROM users WHERE badge_hash = ?').get(badgeHash) as PersonRow | undefined;
}

export function setPinHash(db: Db, userId: string, pinHash: string | null, at: string | null = null): void {
  statement(db, 'UPDATE users SET pin_hash = ?, pin_set_at = ? WHERE id = ?').run(pinHash, pinHash === null ? null : at, userId);
}

export function pinHashOf(db: Db, userId: string): string | null {
  return (statement(db, 'SELECT pin_hash FROM users WHERE id = ?').pluck().get(userId) as string | null | undefined) ?? null;
}
