/**
 * A dashboard operation (`/admin/api`) as its feature writes it beside its routes: method and
 * path (Koa's form, `:id`), who may call it, and what it does in a line. Each feature keeps its
 * rows in its `admin-operations.ts`; http/admin/operations.ts joins them into the one table the
 * guard, the start-up check and the served description read.
 *
 * `needs`: who may call it, the least of:
 * - `public`: anyone, before signing in (the credential is in the body: a password, a
 *   one-time link, an invitation's token);
 * - `signed-in`: any live session (sign out, one's own sessions, the station's name);
 * - `viewer`, `operator`, `admin`: that role (or a stronger one) in a team; the operation
 *   then acts only on the teams where the person holds it (their scope, http/admin/guard.ts),
 *   and a thing of a team outside it answers 404;
 * - `3pl-admin`: the 3PL's own decisions about a merchant (go-live, its onboarding ticks):
 *   an admin of the 3PL team the path's merchant belongs to; a merchant's own admin is refused;
 * - `station-admin`: the station admin (printers, network, mail, limits, people).
 * A station admin may call every operation, on every team.
 */
export type AdminNeed = 'public' | 'signed-in' | 'viewer' | 'operator' | 'admin' | '3pl-admin' | 'station-admin';

export interface AdminOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  needs: AdminNeed;
}

/** A feature's rows, `[method, path, needs, summary]` each, in the order its room shows them. */
export function adminOperations(rows: Array<[AdminOperation['method'], string, AdminNeed, string]>): readonly AdminOperation[] {
  return rows.map(([method, path, needs, summary]) => ({ method, path, summary, needs }));
}
