import type { overviewAnswer } from './admin-answers';
import type { z } from 'zod';
import { dashboardTeamFilter } from '../teams/dashboard-scope';
import type Router from '@koa/router';
import type { Db } from '../../foundations/db/open';
import { listPrinters } from '../printers/store';
import { printerDisplayName } from '../printing/jobs/store';
import { countErrorRefusalsSince, errorRefusalsSince, orderNumbersOf } from '../printing/requests/refusals-store';
import { requestTitle } from '../printing/requests/request-state';
import { routingOnMissingPrinters } from '../printing/requests/routing-store';
import { jobsNeedingALook, jobTotalsSince, openJobCount, openJobsByPrinter, ordersCreatedSince, pagesSubmittedSince } from './overview-store';

/** The hours of the pages-per-hour chart: the last day, the current hour last. */
export const OVERVIEW_HOURS = 24;
/** At most this many jobs that need a look are listed. */
const FAILING_LIMIT = 20;
/** A job at its printer this long, with something the printer says about it, needs a look. */
export const STUCK_AFTER_MS = 60_000;

/** The day at a glance, as the Overview page shows it (admin-answers.ts). */
export type Overview = z.output<typeof overviewAnswer>;

/** What the Overview page shows: the day at a glance, read in a few indexed queries. */
export function readOverview(db: Db, now = new Date(), teamIds?: readonly string[]): Overview {
  // A person's Overview counts their teams' orders and jobs; printers are the station's, shown to all.
  const teams = teamIds ? JSON.stringify(teamIds) : null;
  const dayStart = new Date(now);
  dayStart.setHours(0, 0, 0, 0);
  const day = dayStart.toISOString();
  const firstHour = new Date(now);
  firstHour.setMinutes(0, 0, 0);
  firstHour.setTime(firstHour.getTime() - (OVERVIEW_HOURS - 1) * 3_600_000);

  const orders = ordersCreatedSince(db, day, teams);
  const jobs = jobTotalsSince(db, day, teams);

  const buckets = Array.from({ length: OVERVIEW_HOURS }, (_, index) => ({ hourStartedAt: new Date(firstHour.getTime() + index * 3_600_000).toISOString(), pages: 0 }));
  for (const { at, pages } of pagesSubmittedSince(db, firstHour.toISOString(), teams)) {
    const index = Math.floor((Date.parse(at) - firstHour.getTime()) / 3_600_000);
    if (index >= 0 && index < OVERVIEW_HOURS) buckets[index]!.pages += pages;
  }

  const queueDepth = openJobCount(db, teams);
  const failing = jobsNeedingALook(db, new Date(now.getTime() - 24 * 3_600_000).toISOString(), FAILING_LIMIT, new Date(now.getTime() - STUCK_AFTER_MS).toISOString(), teams);
  const openByPrinter = openJobsByPrinter(db, teams);
  const all = listPrinters(db);
  // A removed printer is not listed, but its failed jobs of the day still name it.
  const nameOf = (id: string) => {
    const printer = all.find((candidate) => candidate.id === id);
    return printer ? (printer.nickname ?? printer.name) : printerDisplayName(db, id);
  };
  /** A job not finished at an offline printer says where it waits, whatever its own last reason was. */
  const waitingReason = (job: { state: string; printerId: string; reason: string | null }) => {
    const printer = all.find((candidate) => candidate.id === job.printerId);
    // A failure, or a retry with its own reason (the attempt and what CUPS said), keeps its words.
    if (job.state === 'failed' || (job.state === 'queued' && job.reason)) return job.reason;
    // At a printer that prints but cannot reach its device: what the print system says of it.
    if (printer?.status === 'busy' && !job.reason && printer.statusReason) return `At ${printer.nickname ?? printer.name}: ${printer.statusReason}`;
    if (printer?.status !== 'offline') return job.reason;
    return `Waiting at ${printer.nickname ?? printer.name}: ${printer.statusReason ?? 'the printer is offline'}`;
  };
  return {
    dayStartedAt: day,
    today: { orders, pages: jobs.pages, jobsDone: jobs.done, jobsFailed: jobs.failed, printsRefused: countErrorRefusalsSince(db, day, teams) },
    pagesPerHour: buckets,
    queueDepth,
    failingJobs: failing.map(({ numbers, ...job }) => ({
      ...job,
      reason: waitingReason(job),
      printerName: nameOf(job.printerId),
      orderNumbers: (JSON.parse(numbers) as (string | null)[]).filter((n): n is string => !!n),
    })),
    refusedPrints: errorRefusalsSince(db, new Date(now.getTime() - 24 * 3_600_000).toISOString(), FAILING_LIMIT, teams).map((row) => {
      const orders = JSON.parse(row.orders) as { id: string; reasons?: { message: string }[] }[];
      const numbers = orderNumbersOf(db, orders.map((order) => order.id));
      const orderNumbers = orders.map((order) => numbers.get(order.id) ?? order.id);
      return {
        id: row.id,
        requestId: row.request_id,
        title: requestTitle(row, orderNumbers),
        reason: orders[0]?.reasons?.map((reason) => reason.message).join('; ') ?? row.reason,
        orderNumbers,
        createdAt: row.created_at,
      };
    }),
    printers: all
      .filter((printer) => printer.visible && printer.status !== 'missing')
      .map((printer) => ({
        id: printer.id,
        name: printer.nickname ?? printer.name,
        status: printer.status,
        reason: printer.statusReason,
        since: printer.statusChangedAt,
        openJobs: openByPrinter.get(printer.id) ?? 0,
      })),
    routesToMissingPrinters: routingOnMissingPrinters(db, teams),
  };
}

export function overviewRoutes(router: Router, db: Db): void {
  router.get('/admin/api/overview', (ctx) => {
    ctx.body = readOverview(db, new Date(), dashboardTeamFilter(ctx));
  });
}
