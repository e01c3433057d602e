import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../../foundations/db/open';
import { dashboardTeamFilter } from '../../teams/dashboard-scope';
import { jobsDoneSince } from './time-to-paper-store';

/** How far back the Printers page's times to paper look. */
export const TIME_TO_PAPER_WINDOW_MS = 60 * 60 * 1000;

export const timeToPaperAnswer = z.strictObject({
  printerId: z.string(),
  jobs: z.number().int().describe('Jobs done on it in the last hour'),
  p50Ms: z.number().int().describe('Received to done, the median'),
  p95Ms: z.number().int(),
  /** The same split by stage: how long each part of the way took, the median of each. */
  stagesP50Ms: z.strictObject({
    render: z.number().int().nullable().describe('Received to rendered (or found rendered ahead)'),
    handOver: z.number().int().nullable().describe('Rendered to taken by the print system'),
    atPrinter: z.number().int().nullable().describe('Taken by the print system to done'),
  }),
});
export type TimeToPaper = z.output<typeof timeToPaperAnswer>;

/** The value at fraction `q` of sorted `values` (nearest rank). */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
const median = (values: number[]): number | null => (values.length ? quantile([...values].sort((a, b) => a - b), 0.5) : null);

/**
 * Each printer's time to paper over the last hour: from a job's arrival to the print system
 * saying it is done (jobs `done`; not `unknown`, whose end nobody saw), p50 and p95, and the
 * median of each stage, so an admin looking at a slow bench sees whether the station, the
 * print system or the printer takes the time. `teams`: the caller's scope (null: every team).
 */
export function timesToPaper(db: Db, now: Date, teams: readonly string[] | null): TimeToPaper[] {
  const rows = jobsDoneSince(db, new Date(now.getTime() - TIME_TO_PAPER_WINDOW_MS).toISOString(), teams);
  const byPrinter = new Map<string, typeof rows>();
  for (const row of rows) byPrinter.set(row.printerId, [...(byPrinter.get(row.printerId) ?? []), row]);
  const between = (from: string | null, to: string | null) => (from && to ? Date.parse(to) - Date.parse(from) : null);
  const known = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
  return [...byPrinter].map(([printerId, jobs]) => {
    const total = jobs.map((job) => Date.parse(job.finished) - Date.parse(job.received)).sort((a, b) => a - b);
    return {
      printerId,
      jobs: jobs.length,
      p50Ms: quantile(total, 0.5),
      p95Ms: quantile(total, 0.95),
      stagesP50Ms: {
        render: median(known(jobs.map((job) => between(job.received, job.rendered)))),
        handOver: median(known(jobs.map((job) => between(job.rendered, job.submitted)))),
        atPrinter: median(known(jobs.map((job) => between(job.submitted, job.finished)))),
      },
    };
  });
}

/** Dashboard: the Printers page's times to paper, of the caller's teams' jobs. */
export function timeToPaperRoutes(router: Router, db: Db): void {
  router.get('/admin/api/printers/time-to-paper', (ctx) => {
    ctx.body = timesToPaper(db, new Date(), dashboardTeamFilter(ctx) ?? null);
  });
}
