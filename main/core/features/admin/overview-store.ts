import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/**
 * The reads of the Overview page (overview-routes.ts), each an indexed query. `teams` is
 * a person's scope as JSON (null: every team, the station admin's view): the rows of other
 * teams are not counted.
 */
const OPEN_STATES = "('queued', 'rendering', 'submitting', 'submitted')";
export type TeamsJson = string | null;
const inTeams = (column: string) => `(@teams IS NULL OR ${column} IN (SELECT value FROM json_each(@teams)))`;

export function ordersCreatedSince(db: Db, since: string, teams: TeamsJson = null): number {
  return statement(db, `SELECT count(*) FROM orders WHERE created_at >= @since AND ${inTeams('team_id')}`).pluck().get({ since, teams }) as number;
}

/** Pages handed to printers, and jobs done and failed, since `since`. */
export function jobTotalsSince(db: Db, since: string, teams: TeamsJson = null): { pages: number; done: number; failed: number } {
  return statement(
    db,
    `SELECT coalesce(sum(CASE WHEN submitted_at >= @day THEN pages END), 0) AS pages,
            count(CASE WHEN state IN ('done', 'unknown') AND finished_at >= @day THEN 1 END) AS done,
            count(CASE WHEN state = 'failed' AND finished_at >= @day THEN 1 END) AS failed
     FROM print_jobs WHERE (submitted_at >= @day OR finished_at >= @day) AND ${inTeams('team_id')}`,
  ).get({ day: since, teams }) as { pages: number; done: number; failed: number };
}

/** Each job submitted since `since` that knows its page count: when, and how many pages. */
export function pagesSubmittedSince(db: Db, since: string, teams: TeamsJson = null): { at: string; pages: number }[] {
  return statement(db, `SELECT submitted_at AS at, pages FROM print_jobs WHERE submitted_at >= @since AND pages IS NOT NULL AND ${inTeams('team_id')}`).all({ since, teams }) as {
    at: string;
    pages: number;
  }[];
}

export function openJobCount(db: Db, teams: TeamsJson = null): number {
  return statement(db, `SELECT count(*) FROM print_jobs WHERE state IN ${OPEN_STATES} AND ${inTeams('team_id')}`).pluck().get({ teams }) as number;
}

export function openJobsByPrinter(db: Db, teams: TeamsJson = null): Map<string, number> {
  const rows = statement(db, `SELECT printer_id AS id, count(*) AS open FROM print_jobs WHERE state IN ${OPEN_STATES} AND ${inTeams('team_id')} GROUP BY printer_id`).all({ teams }) as {
    id: string;
    open: number;
  }[];
  return new Map(rows.map((row) => [row.id, row.open]));
}

export interface JobNeedingALook {
  id: string;
  batchId: string;
  state: string;
  printerId: string;
  reason: string | null;
  attempts: number;
  updatedAt: string;
  /** JSON array of its orders' numbers. */
  numbers: string;
}

/**
 * Jobs that need a look, newest first: failed since `failedSince`, queued with a reason
 * (retrying, waiting on the print system), every open job at an offline printer, and every
 * job at its printer since before `stuckBefore` that the printer says something about
 * (`connecting-to-device`, a backend error): a printer that reads online while its jobs
 * cannot reach it.
 */
export function jobsNeedingALook(db: Db, failedSince: string, limit: number, stuckBefore: string, teams: TeamsJson = null): JobNeedingALook[] {
  return statement(
    db,
    `SELECT j.id, j.batch_id AS batchId, j.state, j.printer_id AS printerId, j.reason, j.attempts, j.updated_at AS updatedAt,
            (SELECT json_group_array(DISTINCT o.order_number) FROM print_job_documents d JOIN orders o ON o.id = d.order_id WHERE d.job_id = j.id) AS numbers
     FROM print_jobs j
     WHERE ((j.state = 'failed' AND j.finished_at >= @failedSince) OR (j.state = 'queued' AND j.reason IS NOT NULL)
        OR (j.state IN ${OPEN_STATES} AND j.printer_id IN (SELECT id FROM printers WHERE status = 'offline'))
        OR (j.state = 'submitted' AND j.submitted_at < @stuckBefore
            AND (j.reason IS NOT NULL OR j.printer_id IN (SELECT id FROM printers WHERE status = 'busy' AND status_reason IS NOT NULL))))
        AND ${inTeams('j.team_id')}
     ORDER BY j.updated_at DESC LIMIT @limit`,
  ).all({ failedSince, stuckBefore, limit, teams }) as JobNeedingALook[];
}
