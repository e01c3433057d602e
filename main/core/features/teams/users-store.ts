import type { Db } from '../../foundations/db/open';

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

export function getUser(db: Db, id: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
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

export function getSetting(db: Db, key: string): string | undefined {
  return (db.prepare('SELECT value FROM station_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function setSetting(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO station_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}
