import type { Db } from '../../../foundations/db/open';
import { statement } from '../../../foundations/db/statements';

/** The answer stored for a team's key since `since`, with the fingerprint of its request. */
export function findStoredAnswer(db: Db, teamId: string, key: string, since: string): { fingerprint: string; response: string } | undefined {
  return statement(db, 'SELECT fingerprint, response FROM idempotency_keys WHERE team_id = ? AND key = ? AND created_at >= ?').get(teamId, key, since) as
    | { fingerprint: string; response: string }
    | undefined;
}

/** Stores a first answer (replacing an expired one under the same key). */
export function putStoredAnswer(db: Db, row: { teamId: string; key: string; fingerprint: string; response: string; at: string }): void {
  statement(db, 'INSERT OR REPLACE INTO idempotency_keys (team_id, key, fingerprint, status, response, created_at) VALUES (?, ?, ?, 200, ?, ?)').run(
    row.teamId,
    row.key,
    row.fingerprint,
    row.response,
    row.at,
  );
}
