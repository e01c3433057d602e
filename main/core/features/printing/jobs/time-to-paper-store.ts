import type { Db } from '../../../foundations/db/open';
import { statement } from '../../../foundations/db/statements';

/** A job done since `since`, with when it passed each stage (time-to-paper.ts). */
export interface DoneJobTimes {
  printerId: string;
  received: string;
  rendered: string | null;
  submitted: string | null;
  finished: string;
}

/** Jobs done since `since` of `teams` (null: every team), with their stage times; by print_jobs_finished. */
export function jobsDoneSince(db: Db, since: string, teams: readonly string[] | null): DoneJobTimes[] {
  return statement(
    db,
    `SELECT printer_id AS printerId, created_at AS received, rendered_at AS rendered, submitted_at AS submitted, finished_at AS finished
     FROM print_jobs WHERE finished_at >= @since AND state = 'done'
       AND (@teams IS NULL OR team_id IN (SELECT value FROM json_each(@teams)))`,
  ).all({ since, teams: teams ? JSON.stringify(teams) : null }) as DoneJobTimes[];
}
