import type { Actor } from '../../foundations/actor';
import { dashboardActor, dashboardTeamFilter } from '../teams/dashboard-scope';
import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { badRequest, conflict, notFound, StationError } from '../../foundations/errors';
import type { StationEvents } from '../../foundations/events';
import type { ContentStore } from '../render/content-store';
import { COPY_GONE_REASON, parsePrintedCopy } from './jobs/printed-copy';
import { noteOnJobOrders } from './requests/order-history';
import { reprintJob } from './jobs/reprint';
import { matchPaperSize } from '../printers/paper-sizes';
import { requestState, requestTitle, type RequestState } from './requests/request-state';
import { jobStatesOf, listRequestBatches, offlinePrinterIds } from './requests/requests-store';
import { listRequestRefusals, orderNumbersOf, type RefusalRow } from './requests/refusals-store';
import { validate } from '../../foundations/validate';
import { nowIso } from '../../foundations/ids';
import type { PrintersService } from '../printers/service';
import type { DocumentsApi } from '../documents/contract';
import type { PrintQueue } from './jobs/queue';
import { batchCursor, batchOrderNumbers, type BatchRow, getBatch, getJob, type JobRow, listBatches, listBatchJobs, listJobDocuments } from './jobs/store';
import type { TestPrinter } from './jobs/test-print';
import { printerAdminRoutes } from './printer-admin-routes';
import { routablePrinter } from './requests/routable-printer';
import { routingAdminRoutes } from './requests/routing-admin-routes';

/** A request's state on the Batches page: its jobs' state, or `refused` when it recorded only refused orders. */
type ListedState = RequestState | 'refused';

export const moveBody = z.strictObject({ printerId: z.string().min(1).max(200) });

/** Batches the Batches page looks through for its requests (failed and waiting ones first among them). */
const REQUEST_WINDOW_BATCHES = 500;

export const requestListQuery = z.object({
  state: z.enum(['failed', 'waiting', 'printing', 'done', 'refused']).optional(),
  printerId: z.string().min(1).max(200).optional(),
  /** Only the requests asked for at this bench (its batches; refusals name no bench). */
  benchId: z.string().min(1).max(200).optional(),
  trigger: z.enum(['api', 'auto', 'admin']).optional(),
  day: z.iso.date().optional(),
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

export const batchListQuery = z.object({
  teamId: z.string().max(100).optional(),
  /** Only the batches asked for at this bench. */
  benchId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** A batch id (the last one of the previous page) or an ISO timestamp. */
  before: z.string().max(40).optional(),
});

export function batchView(row: BatchRow) {
  return {
    id: row.id,
    requestId: row.request_id,
    name: row.name,
    ref: row.ref,
    trigger: row.trigger,
    state: row.state,
    team: { authId: row.team_id },
    printerId: row.printer_id,
    orders: JSON.parse(row.orders) as unknown[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    benchId: row.bench_id ?? null,
  };
}

export function jobView(row: JobRow) {
  return {
    id: row.id,
    batchId: row.batch_id,
    printerId: row.printer_id,
    /** The printer it was planned for; differs from printerId when a pool sent it elsewhere. */
    plannedPrinterId: row.planned_printer_id ?? row.printer_id,
    fallbackPrinterIds: row.fallback_printer_ids ? (JSON.parse(row.fallback_printer_ids) as string[]) : [],
    /** Why it printed on another printer of its pool. */
    failover: row.failover,
    tray: row.tray,
    paper: JSON.parse(row.paper) as unknown,
    fitToPage: row.fit_to_page === 1,
    copies: row.copies,
    state: row.state,
    /** A failed job that may have printed: it waits for a person to print it again (retry) or count it as printed. */
    awaitingDecision: row.awaiting_decision === 1,
    attempts: row.attempts,
    nextAttemptAt: row.state === 'queued' ? row.next_attempt_at : null,
    osJobId: row.os_job_id,
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    renderedAt: row.rendered_at ?? null,
    submittedAt: row.submitted_at,
    printingAt: row.printing_at ?? null,
    finishedAt: row.finished_at,
    /** Its place among the chunks of a big job (printed one after the other), or null for a job that is whole. */
    chunk: row.chunk_index ? { index: row.chunk_index, count: row.chunk_count! } : null,
    /** The copy of what it handed to the printer system (the preview and a reprint use it), or null. */
    printedCopy: copyView(row),
    /** The job this one reprints, byte for byte. */
    reprintOf: row.reprint_of ?? null,
  };
}

function copyView(row: JobRow) {
  const copy = parsePrintedCopy(row.printed_copy);
  return copy && { format: copy.format, bytes: copy.bytes };
}

/** The dashboard's printing screens: printers, routing per team, batches and jobs. */
export function printingAdminRoutes(
  router: Router,
  deps: { db: Db; events: StationEvents; printers: PrintersService; queue: PrintQueue; testPrinter: TestPrinter; store: ContentStore; documents: () => DocumentsApi },
): void {
  printerAdminRoutes(router, deps);
  routingAdminRoutes(router, deps);
  batchAdminRoutes(router, deps);
}

/** The Batches page: print requests, batches and jobs, and what a person may do to a job. */
function batchAdminRoutes(router: Router, deps: { db: Db; events: StationEvents; printers: PrintersService; queue: PrintQueue; store: ContentStore }): void {
  const { db, printers, queue } = deps;
  router.get('/admin/api/print-batches', (ctx) => {
    const { teamId, benchId, limit, before } = validate(batchListQuery, ctx.query, 'The batch query is not valid');
    const after = before ? (batchCursor(db, before) ?? (ISO_TIMESTAMP.test(before) ? { createdBefore: before } : undefined)) : undefined;
    if (before && !after) {
      throw badRequest('before: not a batch id nor an ISO timestamp', [{ path: 'before', message: 'Give the id of the last batch of the previous page, or an ISO timestamp' }]);
    }
    ctx.body = listBatches(db, { teamId, benchId, teamIds: dashboardTeamFilter(ctx), limit, after }).map((row) => dashboardBatchView(row));
  });
  /**
   * The Batches page: one entry per print request with its batches and jobs under it, its
   * state by one rule from its jobs, a title saying what it was; filters (state, printer,
   * source, day) and search by order number; failed and waiting requests first.
   */
  router.get('/admin/api/print-requests', (ctx) => {
    const query = { ...validate(requestListQuery, ctx.query, 'The request query is not valid'), teamIds: dashboardTeamFilter(ctx) };
    const offline = offlinePrinterIds(db);
    // The newest batches and refusals that match, their jobs' states in one query: a request's
    // state and its place in the list come from those; only the requests shown are read whole.
    const rows = listRequestBatches(db, query, REQUEST_WINDOW_BATCHES);
    const refusals = listRequestRefusals(db, query, REQUEST_WINDOW_BATCHES);
    const jobs = jobStatesOf(db, rows.map((row) => row.id));
    const byRequest = new Map<string, { batches: BatchRow[]; refusals: RefusalRow[] }>();
    const entry = (requestId: string) => byRequest.get(requestId) ?? byRequest.set(requestId, { batches: [], refusals: [] }).get(requestId)!;
    for (const row of rows) entry(row.request_id).batches.push(row);
    for (const row of refusals) entry(row.request_id).refusals.push(row);
    // Failed, waiting and refused requests first: they need a look.
    const first = (state: ListedState, refused: RefusalRow[]) => (state === 'failed' || state === 'waiting' || state === 'refused' || refused.some((row) => row.severity === 'error') ? 0 : 1);
    const chosen = [...byRequest.values()]
      .map(({ batches, refusals: refused }) => ({
        batches,
        refused,
        // A request that recorded no job, only refused orders, is refused.
        state: (batches.length ? requestState(batches.flatMap((row) => jobs.get(row.id) ?? []), offline) : 'refused') as ListedState,
        createdAt: [...batches, ...refused].map((row) => row.created_at).sort()[0]!,
      }))
      .filter((request) => !query.state || request.state === query.state)
      .sort((a, b) => first(a.state, a.refused) - first(b.state, b.refused) || b.createdAt.localeCompare(a.createdAt))
      .slice(0, query.limit);
    ctx.body = chosen.map(({ batches: rows, refused, state, createdAt }) => {
      const batches = rows.map((row) => dashboardBatchView(row));
      const refusedViews = refused.map((row) => refusalView(row));
      const numbers = [...new Set([...batches.flatMap((batch) => batch.orders), ...refusedViews.flatMap((refusal) => refusal.orders)].map((order) => order.orderNumber ?? order.id))];
      const head = rows[0] ?? refused[0]!;
      return {
        requestId: head.request_id,
        title: requestTitle(head, numbers),
        trigger: head.trigger,
        state,
        createdAt,
        teamIds: [...new Set([...rows, ...refused].map((row) => row.team_id))],
        orderCount: numbers.length,
        requestedBy: batches[0]?.requestedBy ?? null,
        batches,
        /** Orders the request refused, each with its reasons (a `warning` or `error` result as kept). */
        refused: refusedViews,
      };
    });
  });
  function refusalView(row: RefusalRow) {
    const orders = JSON.parse(row.orders) as { id: string; orderKeys: string[]; reasons: { code: string; message: string; documentId?: string; tag?: string }[] }[];
    const numbers = orderNumbersOf(db, orders.map((order) => order.id));
    return {
      id: row.id,
      severity: row.severity,
      reason: row.reason,
      createdAt: row.created_at,
      orders: orders.map((order) => ({ ...order, orderNumber: numbers.get(order.id) ?? null })),
    };
  }
  router.get('/admin/api/print-batches/:id', (ctx) => {
    const batch = getBatch(db, ctx.params.id!);
    if (!batch) throw notFound('No print batch with that id');
    ctx.body = dashboardBatchView(batch);
  });

  /**
   * A batch with its jobs, and each order's number so the Batches page can name them: one
   * query per batch over its stored order list (a batch may hold thousands of orders).
   */
  function dashboardBatchView(row: BatchRow) {
    const view = batchView(row);
    const numbers = new Map(batchOrderNumbers(db, row.orders).map((order) => [order.id, order.order_number]));
    const orders = (view.orders as { id: string }[]).map((order) => ({ ...order, orderNumber: numbers.get(order.id) ?? null }));
    return { ...view, orders, jobs: listBatchJobs(db, row.id).map(jobView), requestedBy: row.requested_by ? (JSON.parse(row.requested_by) as Actor) : null };
  }
  router.get('/admin/api/print-jobs/:id', (ctx) => {
    const job = getJob(db, ctx.params.id!);
    if (!job) throw notFound('No print job with that id');
    ctx.body = {
      ...jobView(job),
      documents: listJobDocuments(db, job.id).map((row) => ({ documentId: row.document_id, orderId: row.order_id, templateId: row.template_id })),
    };
  });
  /** Exactly what the job handed to the printer system: the Batches page's preview. */
  router.get('/admin/api/print-jobs/:id/printed', async (ctx) => {
    const job = getJob(db, ctx.params.id!);
    if (!job) throw notFound('No print job with that id');
    const copy = parsePrintedCopy(job.printed_copy);
    if (!copy) throw new StationError('not_found', 'copy_not_kept', 'This job kept no copy: it has not printed yet, or it printed as HTML through the desktop app');
    const bytes = await deps.store.get(copy.key);
    if (!bytes) throw new StationError('not_found', 'copy_not_kept', COPY_GONE_REASON);
    ctx.type = copy.format === 'pdf' ? 'application/pdf' : 'application/octet-stream';
    ctx.set('Content-Disposition', `${copy.format === 'pdf' ? 'inline' : 'attachment'}; filename="job-${job.id}.${copy.format === 'pdf' ? 'pdf' : 'prn'}"`);
    ctx.body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  });
  /** Prints the job's copy again, byte for byte, as a new batch of one job. */
  router.post('/admin/api/print-jobs/:id/reprint', async (ctx) => {
    const job = getJob(db, ctx.params.id!);
    if (!job) throw notFound('No print job with that id');
    const batchId = await reprintJob({ db, events: deps.events, store: deps.store, wake: () => queue.wake() }, job, dashboardActor(ctx));
    ctx.status = 201;
    ctx.body = dashboardBatchView(getBatch(db, batchId)!);
  });
  router.post('/admin/api/print-jobs/:id/retry', (ctx) => {
    const job = getJob(db, ctx.params.id!);
    if (!job) throw notFound('No print job with that id');
    const retried = queue.retry(job.id);
    if (!retried) throw conflict(`Only a failed job can be retried; this one is ${job.state}`);
    ctx.body = jobView(retried);
  });
  /**
   * A job that may have printed (the print system forgot it, or the station stopped while
   * handing it over) counts as printed, on a person's word: 409 for any other job. "Print
   * again" is the retry above.
   */
  router.post('/admin/api/print-jobs/:id/count-as-printed', (ctx) => {
    const job = getJob(db, ctx.params.id!);
    if (!job) throw notFound('No print job with that id');
    const counted = queue.countAsPrinted(job.id, dashboardActor(ctx).name);
    if (!counted) throw new StationError('conflict', 'not_awaiting_decision', `Only a job that may have printed waits for this decision; this one is ${job.state}`);
    ctx.body = jobView(counted);
  });
  /** Cancels a job waiting to print or waiting at its printer (IPP Cancel-Job there). 409 when it is in hand, printed meanwhile or the print system kept it. */
  router.post('/admin/api/print-jobs/:id/cancel', async (ctx) => {
    const done = await queue.cancelWaiting(ctx.params.id!);
    if ('refused' in done) throw done.refused.startsWith('No print job') ? notFound(done.refused) : conflict(done.refused);
    noteOnJobOrders(db, done.job, ({ title, printer }) => `print cancelled (${title}) at ${printer} by ${dashboardActor(ctx).name}`, nowIso());
    ctx.body = jobView(done.job);
  });
  /**
   * Sends a waiting job to another printer that takes its paper and tray: cancelled at its
   * printer first when it waits there. 400 for a printer that cannot take it; 409 as cancel.
   */
  router.post('/admin/api/print-jobs/:id/move', async (ctx) => {
    const { printerId } = validate(moveBody, ctx.request.body ?? {}, 'The move is not valid');
    const job = getJob(db, ctx.params.id!);
    if (!job) throw notFound('No print job with that id');
    const target = routablePrinter(printers, printerId)!;
    const paper = JSON.parse(job.paper) as { widthMm: number; heightMm: number };
    if (target.id === job.printer_id) throw badRequest('The job is already on that printer', [{ path: 'printerId', message: 'Choose another printer' }]);
    if (target.status === 'missing') throw badRequest('That printer is gone', [{ path: 'printerId', message: 'The OS no longer reports it' }]);
    if (job.tray && !target.trays.includes(job.tray)) throw badRequest(`${target.nickname ?? target.name} has no tray ${job.tray}`, [{ path: 'printerId', message: `Trays: ${target.trays.join(', ') || 'none'}` }]);
    if (!target.acceptsCustomPaper && !target.fitToPage && !matchPaperSize(target.paperSizes, paper)) {
      throw badRequest(`${target.nickname ?? target.name} does not take this job's paper`, [{ path: 'printerId', message: `${paper.widthMm}×${paper.heightMm} mm is not among its paper sizes` }]);
    }
    const moved = await queue.moveWaiting(job.id, target.id);
    if ('refused' in moved) throw conflict(moved.refused);
    const from = printers.find(job.printer_id);
    noteOnJobOrders(db, moved.job, ({ title, printer }) => `print moved (${title}) from ${from ? (from.nickname ?? from.name) : 'its printer'} to ${printer} by ${dashboardActor(ctx).name}`, nowIso());
    ctx.body = jobView(moved.job);
  });
}
