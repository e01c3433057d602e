import type { PrintingDeps } from '../deps';
import type { Caller } from '../../teams/caller';
import type { Db } from '../../../foundations/db/open';
import { StationError } from '../../../foundations/errors';
import { newId, nowIso } from '../../../foundations/ids';
import type { PrintersService } from '../../printers/service';
import type { Printer } from '../../printers/store';
import { storeAnswer, storedAnswer, type IdempotencyRequest } from './idempotency';
import { planPrint, type PrintPlan, type ProblemOrder } from './plan';
import type { RoutingContext } from './resolve';
import { listTagRoutes, teamDefaultPrinterId, type TagRoute } from './routing-store';
import { findBench, listBenchRoutes, type BenchRoute } from '../benches/store';
import type { OverrideEntry, PrintBatchResult, PrintRequest } from './schema';
import { selectOrders } from './select';
import { cutIntoChunks } from '../jobs/chunks';
import { recordRefusal } from './refusals';
import { freshJobFields, insertBatch, insertJob } from '../jobs/store';

export interface PrintingService {
  /** A print request: plans, records batches and jobs in one transaction, wakes the queue. */
  print(caller: Caller, request: PrintRequest, options: PrintOptions): Promise<PrintBatchResult[]>;
  /**
   * The same, at most once per `Idempotency-Key`: a repeat answers what the first request
   * answered (`replayed`) and records nothing.
   */
  printOnce(caller: Caller, request: PrintRequest, options: PrintOptions & { idempotency: IdempotencyRequest }): Promise<{ results: PrintBatchResult[]; replayed: boolean }>;
}

export interface PrintOptions {
  strict: boolean;
  trigger: 'api' | 'auto' | 'admin';
  /** Copies of every job (the dashboard's print dialog); 1 by default. */
  copies?: number;
  /** The bench (id or name) the request was made at: its routing applies first (a paired screen's scan). */
  bench?: string;
  /**
   * Runs first inside the recording write; false records nothing and answers []. Automatic
   * printing claims its owed print here, so two claimants can never both record it.
   */
  claim?: (db: Db) => boolean;
}

/** What print requests stand on: printing's deps (deps.ts), the printers, and the queue's wake-up. */
export type PrintRequestDeps = Pick<PrintingDeps, 'db' | 'events' | 'documents' | 'writer'> & {
  printers: PrintersService;
  /** Wakes the print queue worker (a no-op when the station runs without background work). */
  wake: () => void;
};

export function createPrintingService(deps: PrintRequestDeps): PrintingService {
  const { db, events, printers } = deps;

  function routingContext(requestBench: string | undefined): RoutingContext {
    const cache = new Map<string, { routes: Map<string, TagRoute>; defaultPrinterId: string | undefined }>();
    const benchCache = new Map<string, Map<string, BenchRoute> | undefined>();
    // A thousand orders' documents name the same few printers: each is read once a request.
    const printersFound = new Map<string, Printer | undefined>();
    const documents = deps.documents();
    const kinds = new Map<string, 'html' | 'zpl' | undefined>();
    return {
      // …and the same few templates: each one's kind is read once.
      documents: {
        ...documents,
        templateKind(templateId) {
          if (!kinds.has(templateId)) kinds.set(templateId, documents.templateKind(templateId));
          return kinds.get(templateId);
        },
      },
      printers: {
        find(ref) {
          if (!printersFound.has(ref)) printersFound.set(ref, printers.find(ref));
          return printersFound.get(ref);
        },
        stationDefault: () => printers.stationDefault(),
      },
      requestBench,
      benchRouting(benchIdOrName) {
        if (!benchCache.has(benchIdOrName)) {
          const bench = findBench(db, benchIdOrName);
          benchCache.set(benchIdOrName, bench ? new Map(listBenchRoutes(db, bench.id).map((route) => [route.tag.toLowerCase(), route])) : undefined);
        }
        return benchCache.get(benchIdOrName);
      },
      teamRouting(teamId) {
        let routing = cache.get(teamId);
        if (!routing) {
          routing = {
            routes: new Map(listTagRoutes(db, teamId).map((route) => [route.tag.toLowerCase(), route])),
            defaultPrinterId: teamDefaultPrinterId(db, teamId),
          };
          cache.set(teamId, routing);
        }
        return routing;
      },
    };
  }

  async function record(caller: Caller, request: PrintRequest, options: PrintOptions, idempotency?: IdempotencyRequest) {
    // A bench the request names must exist: a typo would print at the team's printers, at another bench.
    const entries = Array.isArray(request.overrides) ? request.overrides : request.overrides ? [request.overrides] : [];
    for (const ref of [options.bench, ...entries.map((entry) => entry.bench)]) {
      if (ref !== undefined && !findBench(db, ref)) throw new StationError('invalid', 'bench_not_found', `No bench "${ref}" on this station`, [{ path: 'overrides.bench', message: 'A bench id or name (GET /admin/api/benches)' }]);
    }
    // The bench the batches were asked for at: the screen's, or the request's one bench.
    const requestBench = options.bench ?? (Array.isArray(request.overrides) ? undefined : request.overrides?.bench);
    const benchId = requestBench === undefined ? null : findBench(db, requestBench)!.id;
    // Routing needs the printers: the first request after start-up waits for discovery.
    await printers.ready();
    // Planning and recording happen in one write: what was planned is what is recorded, and
    // the write shares the group commit with orders arriving in the same turn (one fsync).
    const { pending, problems, replay } = await deps.writer.write(() => {
      if (idempotency) {
        const stored = storedAnswer(db, caller.team.id, idempotency, Date.now());
        if (stored !== undefined) return { pending: [], problems: [], replay: stored as PrintBatchResult[] };
      }
      if (options.claim && !options.claim(db)) return { pending: [], problems: [] };
      const selected = selectOrders(db, caller, request);
      const overrides: OverrideEntry[] = Array.isArray(request.overrides) ? request.overrides : request.overrides ? [request.overrides] : [];
      const plan = planPrint(db, routingContext(options.bench), {
        ...selected,
        filters: request.filters,
        overrides,
        force: request.force,
        sortBy: request.sortBy,
        sortDir: request.sortDir,
      });
      const at = nowIso();
      const name = request.name ?? `Print ${at.slice(0, 16).replace('T', ' ')}`;
      const problems = problemResults(plan, caller, name, at);
      if (options.strict && problems.length) {
        throw new StationError('invalid', 'print_failed', 'Some orders cannot print; nothing was printed (strict=true)', problemDetails(plan), { results: problems });
      }
      const requestId = newId();
      // What was refused is kept, with each order's reason, where the bench and the order look.
      if (problems.length) {
        // One lookup for every refused order: a request by filters may name thousands.
        const statuses = new Map(selected.orders.map((order) => [order.id, order.status]));
        for (const problem of problems) {
          recordRefusal(db, { requestId, teamId: caller.team.id, name, ref: request.ref ?? null, trigger: options.trigger, result: problem, statusOf: (orderId) => statuses.get(orderId), at });
        }
      }
      const pending: PrintBatchResult[] = [];
      for (const batch of plan.batches) {
        const batchId = newId();
        insertBatch(db, {
          id: batchId,
          request_id: requestId,
          team_id: caller.team.id,
          printer_id: batch.printer.id,
          name,
          ref: request.ref ?? null,
          trigger: options.trigger,
          state: 'queued',
          orders: JSON.stringify(batch.orders),
          created_at: at,
          updated_at: at,
          requested_by: JSON.stringify(caller.actor),
          bench_id: benchId,
        });
        for (const job of batch.jobs) {
          const first = job.documents[0]!;
          // A big job prints in chunks, one after the other: the first pages start at once.
          const chunks = cutIntoChunks(job.documents);
          const group = chunks.length > 1 ? newId() : null;
          for (const [index, documents] of chunks.entries()) {
            insertJob(
              db,
              {
                id: newId(),
                batch_id: batchId,
                request_id: requestId,
                team_id: caller.team.id,
                printer_id: job.printer.id,
                tray: job.tray,
                paper: JSON.stringify({ ...first.paper, mediaName: first.mediaName }),
                fit_to_page: first.fitToPage ? 1 : 0,
                copies: options.copies ?? 1,
                ...freshJobFields(at),
                forced: request.force ? 1 : 0,
                fallback_printer_ids: job.fallbacks.length ? JSON.stringify(job.fallbacks.map((fallback) => fallback.id)) : null,
                planned_printer_id: job.printer.id,
                failover: null,
                chunk_group: group,
                chunk_index: group ? index + 1 : null,
                chunk_count: group ? chunks.length : null,
              },
              documents.map((document, position) => ({
                position,
                document_id: document.document.id,
                order_id: document.order.id,
                template_id: document.templateId,
              })),
            );
          }
        }
        pending.push({
          id: batchId,
          name,
          status: 'pending',
          team: { authId: caller.team.id },
          printer: { id: batch.printer.id, name: batch.printer.nickname ?? batch.printer.name },
          orders: batch.orders,
          createdAt: at,
          updatedAt: at,
        });
      }
      // A 400 under strict threw above: only an answer that recorded its prints is kept.
      if (idempotency) storeAnswer(db, caller.team.id, idempotency, [...pending, ...problems], at);
      return { pending, problems };
    });
    if (replay) return { results: replay, replayed: true };
    for (const result of pending) events.emit('batch', { type: 'created', batchId: result.id, teamId: caller.team.id, benchId, by: caller.actor });
    for (const result of problems) events.emit('batch', { type: 'refused', batchId: result.id, teamId: caller.team.id, benchId });
    if (pending.length) deps.wake();
    return { results: [...pending, ...problems], replayed: false };
  }

  return {
    async print(caller, request, options) {
      return (await record(caller, request, options)).results;
    },
    printOnce(caller, request, options) {
      return record(caller, request, options, options.idempotency);
    },
  };
}

function problemResults(plan: PrintPlan, caller: Caller, name: string, at: string): PrintBatchResult[] {
  const result = (status: 'warning' | 'error', orders: ProblemOrder[], reason: string): PrintBatchResult => ({
    id: newId(),
    name,
    status,
    team: { authId: caller.team.id },
    orders,
    reason,
    createdAt: at,
    updatedAt: at,
  });
  const results: PrintBatchResult[] = [];
  if (plan.warnings.length) results.push(result('warning', plan.warnings, 'Some requested orders were not printed (ignored, or no document matched)'));
  if (plan.errors.length) results.push(result('error', plan.errors, 'Some requested orders are missing or have documents that cannot print'));
  return results;
}

function problemDetails(plan: PrintPlan) {
  return [...plan.errors, ...plan.warnings].flatMap((order) =>
    order.reasons.map((reason) => ({ path: `orders.${order.id}${reason.tag ? `.${reason.tag}` : ''}`, message: `${reason.code}: ${reason.message}` })),
  );
}
