import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/** A passkey as kept (passkeys table, migration 0040): its public key, never a secret. */
export interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: number;
  transports: string | null;
  name: string;
  rp_id: string;
  created_at: string;
  last_used_at: string | null;
}

export function insertPasskey(db: Db, row: PasskeyRow): void {
  statement(
    db,
    'INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, rp_id, created_at, last_used_at) VALUES (@id, @user_id, @public_key, @counter, @transports, @name, @rp_id, @created_at, @last_used_at)',
  ).run(row);
}

export function findPasskey(db: Db, id: string): PasskeyRow | undefined {
  return statement(db, 'SELECT * FROM passkeys WHERE id = ?').get(id) as PasskeyRow | undefined;
}

export function listPasskeys(db: Db, userId: string): PasskeyRow[] {
  return statement(db, 'SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at').all(userId) as PasskeyRow[];
}

export function passkeyUsed(db: Db, id: string, counter: number, at: string): void {
  statement(db, 'UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, at, id);
}

export function deletePasskey(db: Db, userId: string, id: string): boolean {
  return statement(db, 'DELETE FROM passkeys WHERE id = ? AND user_id = ?').run(id, userId).changes > 0;
}

/** Removes every passkey of a person (their credentials revoked together); how many. */
export function deletePasskeysOf(db: Db, userId: string): number {
  return statement(db, 'DELETE FROM passkeys WHERE user_id = ?').run(userId).changes;
}
