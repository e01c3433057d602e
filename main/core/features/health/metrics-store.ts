import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/** The reads behind /metrics (metrics.ts): each runs when Prometheus scrapes, or per job event. */
export function jobCountsByState(db: Db): { state: string; count: number }[] {
  return statement(db, 'SELECT state, COUNT(*) AS count FROM print_jobs GROUP BY state').all() as { state: string; count: number }[];
}

export function openJobTotal(db: Db): number {
  return statement(db, "SELECT COUNT(*) FROM print_jobs WHERE state IN ('queued', 'rendering', 'submitting', 'submitted')").pluck().get() as number;
}

export function jobTimeAndCopies(db: Db, jobId: string): { created_at: string; copies: number } | undefined {
  return statement(db, 'SELECT created_at, copies FROM print_jobs WHERE id = ?').get(jobId) as { created_at: string; copies: number } | undefined;
}
