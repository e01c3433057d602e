import type { Db } from '../../../foundations/db/open';
import { statement } from '../../../foundations/db/statements';

export interface Bench {
  id: string;
  name: string;
  createdAt: string;
}

export interface BenchRoute {
  tag: string;
  printerId: string;
  tray: string | null;
}

export function listBenches(db: Db): Bench[] {
  return statement(db, 'SELECT id, name, created_at AS createdAt FROM benches ORDER BY name COLLATE NOCASE').all() as Bench[];
}

/**
 * A bench by its id or its name, case-insensitively in any script ("склад 2" is "Склад 2":
 * SQLite's NOCASE folds ASCII only, so names are compared here; a station has a few benches).
 */
export function findBench(db: Db, idOrName: string): Bench | undefined {
  const exact = statement(db, 'SELECT id, name, created_at AS createdAt FROM benches WHERE id = ? OR name = ?').get(idOrName, idOrName) as Bench | undefined;
  if (exact) return exact;
  const folded = idOrName.toLocaleLowerCase();
  return listBenches(db).find((bench) => bench.name.toLocaleLowerCase() === folded);
}

export function insertBench(db: Db, bench: Bench): void {
  statement(db, 'INSERT INTO benches (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(bench.id, bench.name, bench.createdAt, bench.createdAt);
}

export function deleteBench(db: Db, id: string): boolean {
  return statement(db, 'DELETE FROM benches WHERE id = ?').run(id).changes === 1;
}

export function listBenchRoutes(db: Db, benchId: string): BenchRoute[] {
  return statement(db, 'SELECT tag, printer_id AS printerId, tray FROM bench_routes WHERE bench_id = ? ORDER BY tag').all(benchId) as BenchRoute[];
}

export function upsertBenchRoute(db: Db, benchId: string, route: BenchRoute, at: string): void {
  statement(db, 
    `INSERT INTO bench_routes (bench_id, tag, printer_id, tray, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (bench_id, tag) DO UPDATE SET printer_id = excluded.printer_id, tray = excluded.tray, updated_at = excluded.updated_at`,
  ).run(benchId, route.tag, route.printerId, route.tray, at);
}

export function deleteBenchRoute(db: Db, benchId: string, tag: string): boolean {
  return statement(db, 'DELETE FROM bench_routes WHERE bench_id = ? AND tag = ?').run(benchId, tag).changes === 1;
}

export function insertPairingCode(db: Db, codeHash: string, benchId: string, expiresAt: string): void {
  statement(db, 'INSERT INTO bench_pairing_codes (code_hash, bench_id, expires_at) VALUES (?, ?, ?)').run(codeHash, benchId, expiresAt);
}

/** Uses a pairing code up: its bench, or undefined when it is unknown or expired (expired ones go too). */
export function takePairingCode(db: Db, codeHash: string, now: string): string | undefined {
  statement(db, 'DELETE FROM bench_pairing_codes WHERE expires_at <= ?').run(now);
  const row = statement(db, 'DELETE FROM bench_pairing_codes WHERE code_hash = ? RETURNING bench_id AS benchId').get(codeHash) as { benchId: string } | undefined;
  return row?.benchId;
}

export function insertScreen(db: Db, tokenHash: string, benchId: string, at: string): void {
  statement(db, 'INSERT INTO bench_screens (token_hash, bench_id, paired_at, last_seen_at) VALUES (?, ?, ?, ?)').run(tokenHash, benchId, at, at);
}

export function screenBench(db: Db, tokenHash: string): string | undefined {
  return (statement(db, 'SELECT bench_id AS benchId FROM bench_screens WHERE token_hash = ?').get(tokenHash) as { benchId: string } | undefined)?.benchId;
}

export function countScreens(db: Db, benchId: string): number {
  return (statement(db, 'SELECT COUNT(*) AS count FROM bench_screens WHERE bench_id = ?').get(benchId) as { count: number }).count;
}

/** The session opened at a bench's screen is that bench's. */
export function recordBenchSession(db: Db, tokenHash: string, benchId: string): void {
  statement(db, 'UPDATE admin_tokens SET bench_id = ? WHERE token_hash = ?').run(benchId, tokenHash);
}

/**
 * Who is signed in at a bench now: the people of its live sessions (not expired, used within
 * the idle time of their kind), each once.
 */
export function benchPeople(db: Db, benchId: string, times: { now: string; usedAfter: string; benchUsedAfter: string }): string[] {
  const rows = statement(
    db,
    `SELECT DISTINCT COALESCE(NULLIF(users.name, ''), users.email) AS name FROM admin_tokens JOIN users ON users.id = admin_tokens.user_id
     WHERE admin_tokens.bench_id = ? AND admin_tokens.kind = 'session' AND admin_tokens.expires_at > ?
       AND COALESCE(admin_tokens.last_used_at, admin_tokens.created_at) > CASE admin_tokens.bench WHEN 1 THEN ? ELSE ? END
     ORDER BY name`,
  ).all(benchId, times.now, times.benchUsedAfter, times.usedAfter) as { name: string }[];
  return rows.map((row) => row.name);
}

/** Unpairs one screen (the desktop window's previous token, replaced at each start). */
export function deleteScreen(db: Db, tokenHash: string): void {
  statement(db, 'DELETE FROM bench_screens WHERE token_hash = ?').run(tokenHash);
}
