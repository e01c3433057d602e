import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/foundations/db/open';
import { addMembership, insertUser, listMembers } from '../../../main/core/features/teams/people-store';
import { databaseBefore } from '../../helpers/migration';

/**
 * 0032: a membership's role is admin, operator or viewer. A station upgraded with `member`
 * memberships and invitations keeps its people, each `member` now an `operator`, and the
 * database takes no other role.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-0032-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2026-01-01T00:00:00.000Z';

describe('migration 0032: member roles', () => {
  it('turns every member into an operator, in memberships and open invitations, and keeps admins and the rest of each row', () => {
    const { db, teamId } = databaseBefore(dir, 32, 'Упаковка 東京');
    db.prepare("INSERT INTO users (id, name, email, created_at) VALUES ('u-admin', 'Ada', 'ada@example.com', ?), ('u-member', 'Сэм', 'sam@example.com', ?)").run(AT, AT);
    db.prepare("INSERT INTO memberships (team_id, user_id, role, created_at) VALUES (?, 'u-admin', 'admin', ?), (?, 'u-member', 'member', ?)").run(teamId, AT, teamId, '2026-01-02T00:00:00.000Z');
    db.prepare(
      "INSERT INTO invitations (id, team_id, email, role, token_hash, created_at, expires_at, handover_token) VALUES ('inv-1', ?, 'new@example.com', 'member', 'hash-1', ?, '2999-01-01T00:00:00.000Z', 'kept-token')",
    ).run(teamId, AT);
    db.close();

    const upgraded = openDatabase(dir);
    try {
      // (The team's creator, the station operator, is an admin of it too.)
      const people = () => listMembers(upgraded, teamId).filter((member) => member.id.startsWith('u-'));
      expect(people().map((member) => [member.name, member.role, member.joined_at])).toEqual([
        ['Ada', 'admin', AT],
        ['Сэм', 'operator', '2026-01-02T00:00:00.000Z'],
      ]);
      expect(upgraded.prepare("SELECT role, email, handover_token FROM invitations WHERE id = 'inv-1'").get()).toEqual({ role: 'operator', email: 'new@example.com', handover_token: 'kept-token' });
      expect(() => upgraded.prepare("UPDATE memberships SET role = 'member' WHERE user_id = 'u-admin'").run()).toThrow(/CHECK constraint failed/);
      // A second membership keeps the stronger role: operator over viewer, admin over both.
      insertUser(upgraded, { id: 'u-viewer', name: 'Vi', email: null, created_at: AT });
      addMembership(upgraded, teamId, 'u-viewer', 'viewer', AT);
      addMembership(upgraded, teamId, 'u-viewer', 'operator', AT);
      addMembership(upgraded, teamId, 'u-viewer', 'viewer', AT);
      addMembership(upgraded, teamId, 'u-member', 'admin', AT);
      expect(Object.fromEntries(people().map((member) => [member.id, member.role]))).toEqual({ 'u-admin': 'admin', 'u-member': 'admin', 'u-viewer': 'operator' });
    } finally {
      upgraded.close();
    }
  });
});
