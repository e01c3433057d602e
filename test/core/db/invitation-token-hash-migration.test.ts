import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/foundations/db/open';
import { hashSecret } from '../../../main/core/features/keys/service';
import { noMailer } from '../../../main/core/features/mail/mailer';
import { createInvitationsService } from '../../../main/core/features/teams/invitations';
import { listMembers } from '../../../main/core/features/teams/people-store';
import { databaseBefore } from '../../helpers/migration';

/**
 * 0010 replaces the raw invitation token of 0004 by its hash. A station upgraded with open
 * invitations keeps them working (their links were already mailed or handed over), and the
 * raw tokens are gone from the database file.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-0010-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const OPEN_TOKEN = 'openInvitationToken_0123456789abcdefghijklm';
const USED_TOKEN = 'usedInvitationToken_0123456789abcdefghijklm';
const FUTURE = '2999-01-01T00:00:00.000Z';

/** A data dir as the station before 0010 left it: one open and one accepted invitation. */
function stationBefore0010(): string {
  const { db, teamId } = databaseBefore(dir, 10, 'Upgraded Merchant');
  const insert = db.prepare(
    `INSERT INTO invitations (id, team_id, email, role, token, created_at, expires_at, accepted_at)
     VALUES (?, ?, ?, 'admin', ?, '2026-01-01T00:00:00.000Z', ?, ?)`,
  );
  insert.run('inv-open', teamId, 'open@upgrade.example', OPEN_TOKEN, FUTURE, null);
  insert.run('inv-used', teamId, 'used@upgrade.example', USED_TOKEN, FUTURE, '2026-01-02T00:00:00.000Z');
  db.close();
  return teamId;
}

const filesContain = (text: string) =>
  readdirSync(dir).filter((file) => readFileSync(join(dir, file)).includes(Buffer.from(text)));

describe('migration 0010: invitation tokens stored hashed', () => {
  it('hashes the tokens of existing invitations: the open one is still accepted by its token, the used one stays used', () => {
    const teamId = stationBefore0010();
    const db = openDatabase(dir);
    try {
      const columns = (db.prepare('PRAGMA table_info(invitations)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('token_hash');
      expect(columns).not.toContain('token');
      expect(db.prepare('SELECT id, token_hash FROM invitations ORDER BY rowid').all()).toEqual([
        { id: 'inv-open', token_hash: hashSecret(OPEN_TOKEN) },
        { id: 'inv-used', token_hash: hashSecret(USED_TOKEN) },
      ]);

      const invitations = createInvitationsService({ db, mailer: noMailer, linkBaseUrl: () => 'http://station.example' });
      expect(invitations.findByToken(OPEN_TOKEN)).toMatchObject({ id: 'inv-open', state: 'open', acceptUrl: null, teamName: 'Upgraded Merchant' });
      expect(invitations.findByToken(USED_TOKEN)).toMatchObject({ id: 'inv-used', state: 'accepted' });
      const joined = invitations.accept(OPEN_TOKEN, 'Up Graded');
      expect(listMembers(db, teamId)).toContainEqual(expect.objectContaining({ id: joined.userId, email: 'open@upgrade.example', role: 'admin' }));
      expect(() => invitations.accept(USED_TOKEN)).toThrow(/already used/);
    } finally {
      db.close();
    }
  });

  it('leaves no raw token anywhere in the data dir', () => {
    stationBefore0010();
    expect(filesContain(OPEN_TOKEN)).toEqual(['station.db']);
    openDatabase(dir).close();
    expect(filesContain(OPEN_TOKEN)).toEqual([]);
    expect(filesContain(USED_TOKEN)).toEqual([]);
    expect(filesContain(hashSecret(OPEN_TOKEN))).toEqual(['station.db']);
  });
});
