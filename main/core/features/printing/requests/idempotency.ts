import { createHash } from 'node:crypto';
import type { Db } from '../../../foundations/db/open';
import { badRequest, StationError } from '../../../foundations/errors';
import { findStoredAnswer, putStoredAnswer } from './idempotency-store';

/** How long a first answer is kept for repeats (PrintNode and the IETF draft use a day). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What a print request is recognised by when it comes again. */
export interface IdempotencyRequest {
  key: string;
  fingerprint: string;
}

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/**
 * A request's `Idempotency-Key` header (`''` when absent), with the fingerprint of what it
 * asks: the route, the order in the path, `strict` and the body with its keys sorted (a
 * client that serialises the same body in another key order is sending the same request).
 */
export function idempotencyOf(header: string, route: string, body: unknown, strict: boolean): IdempotencyRequest | undefined {
  if (header === '') return undefined;
  // The draft sends the key as a structured-field string ("…"); plain tokens are common too.
  const key = header.startsWith('"') && header.endsWith('"') && header.length > 1 ? header.slice(1, -1) : header;
  if (!KEY_FORMAT.test(key)) {
    throw badRequest('Idempotency-Key must be 1–255 visible ASCII characters', [{ path: 'headers.Idempotency-Key', message: 'Not a valid key' }], 'invalid_idempotency_key');
  }
  const fingerprint = createHash('sha256').update(canonicalJson({ route, strict, body })).digest('hex');
  return { key, fingerprint };
}

/**
 * Inside the recording write: the stored first answer for this key, undefined when there is
 * none (or it is older than the window), or a 422 when the key was used for another request.
 * The write is serialised with every other write, so two repeats racing each other cannot
 * both find nothing. Expired rows are left to the retention sweep.
 */
export function storedAnswer(db: Db, teamId: string, request: IdempotencyRequest, now: number): unknown {
  const row = findStoredAnswer(db, teamId, request.key, new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString());
  if (!row) return undefined;
  if (row.fingerprint !== request.fingerprint) {
    throw new StationError('unprocessable', 'idempotency_key_reused', 'This Idempotency-Key was already used for a different print request in the last 24 hours; send a new key for a new request', [
      { path: 'headers.Idempotency-Key', message: 'Used for another request' },
    ]);
  }
  return JSON.parse(row.response) as unknown;
}

/** Records the first answer, in the same write as the batches it describes (replacing an expired one). */
export function storeAnswer(db: Db, teamId: string, request: IdempotencyRequest, response: unknown, at: string): void {
  putStoredAnswer(db, { teamId, key: request.key, fingerprint: request.fingerprint, response: JSON.stringify(response), at });
}

/** JSON with object keys sorted at every level. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
