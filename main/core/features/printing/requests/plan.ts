import type { Db } from '../../../foundations/db/open';
import { listOrderKeysOf, type OrderForPrint } from '../../orders/store';
import type { Printer } from '../../printers/store';
import { documentMatches, resolveDocument, type ResolvedDocument, type RoutingContext } from './resolve';
import type { DocumentFilters, OverrideEntry, ResultReason } from './schema';
import { orderTagLabels, sortOrders } from './select';

export interface PlanInput {
  orders: OrderForPrint[];
  missing: string[];
  filters?: DocumentFilters;
  overrides: OverrideEntry[];
  force: boolean;
  sortBy?: string;
  sortDir: 'asc' | 'desc';
}

export interface PlannedJob {
  printer: Printer;
  /** Where the job may go instead, in order (a printer pool). */
  fallbacks: Printer[];
  tray: string | null;
  documents: ResolvedDocument[];
}

export interface PlannedBatch {
  printer: Printer;
  orders: { id: string; orderKeys: string[] }[];
  jobs: PlannedJob[];
}

export interface ProblemOrder {
  id: string;
  orderKeys: string[];
  reasons: ResultReason[];
}

export interface PrintPlan {
  batches: PlannedBatch[];
  /** Orders not printed for a reason that is not a failure (ignored, nothing matched the filters). */
  warnings: ProblemOrder[];
  /** Missing orders and orders with a document that cannot print. */
  errors: ProblemOrder[];
}

/**
 * Turns selected orders into batches (one per printer) of jobs (one per printer + tray +
 * paper), in print order. An order prints whole or not at all: one document that cannot
 * resolve keeps the whole order back, so a packer never gets half an order.
 */
export function planPrint(db: Db, context: RoutingContext, input: PlanInput): PrintPlan {
  const warnings: ProblemOrder[] = [];
  const errors: ProblemOrder[] = input.missing.map((idOrKey) => ({
    id: idOrKey,
    orderKeys: [],
    reasons: [{ code: 'order_not_found', message: `No order "${idOrKey}" for this API key` }],
  }));
  const printable: ResolvedDocument[][] = [];
  const keysOf = orderKeysOf(db, input.orders);
  const documentsOf = context.documents.listForOrders(input.orders.map((order) => order.id));
  for (const order of sortOrders(db, input.orders, input.sortBy, input.sortDir)) {
    const entry = () => ({ id: order.id, orderKeys: keysOf(order.id) });
    if (order.status === 'ignored' && !input.force) {
      warnings.push({ ...entry(), reasons: [{ code: 'order_ignored', message: 'The order is ignored; print it with force=true' }] });
      continue;
    }
    let labels: string[] | undefined;
    const tags = () => (labels ??= orderTagLabels(db, order.id));
    const all = documentsOf.get(order.id) ?? [];
    if (all.length === 0) {
      errors.push({ ...entry(), reasons: [{ code: 'no_documents', message: 'The order has no documents (no template of its flow applies)' }] });
      continue;
    }
    const documents = all.filter((document) => documentMatches(input.filters, document, tags));
    if (documents.length === 0) {
      warnings.push({ ...entry(), reasons: [{ code: 'no_matching_documents', message: 'None of the order\'s documents match the filters' }] });
      continue;
    }
    const resolved: ResolvedDocument[] = [];
    const reasons: ResultReason[] = [];
    for (const document of documents) {
      const result = resolveDocument(context, order, tags, document, input.overrides);
      if ('reasons' in result) reasons.push(...result.reasons);
      else resolved.push(result);
    }
    if (reasons.length) errors.push({ ...entry(), reasons });
    else printable.push(resolved);
  }
  return { batches: groupIntoBatches(keysOf, printable), warnings, errors };
}

/** The orders' keys, read in one query for the plan however many of their documents print. */
function orderKeysOf(db: Db, orders: OrderForPrint[]): (orderId: string) => string[] {
  const known = listOrderKeysOf(db, orders.map((order) => order.id));
  return (orderId) => known.get(orderId) ?? [];
}

function groupIntoBatches(keysOf: (orderId: string) => string[], printable: ResolvedDocument[][]): PlannedBatch[] {
  const batches = new Map<string, PlannedBatch & { jobsByKey: Map<string, PlannedJob>; orderIds: Set<string> }>();
  for (const documents of printable) {
    for (const document of documents) {
      let batch = batches.get(document.printer.id);
      if (!batch) {
        batch = { printer: document.printer, orders: [], jobs: [], jobsByKey: new Map(), orderIds: new Set() };
        batches.set(document.printer.id, batch);
      }
      if (!batch.orderIds.has(document.order.id)) {
        batch.orderIds.add(document.order.id);
        batch.orders.push({ id: document.order.id, orderKeys: keysOf(document.order.id) });
      }
      const { paper } = document;
      const pool = document.fallbacks.map((fallback) => fallback.id).join(',');
      const key = [document.raw ? 'raw' : 'pdf', document.tray ?? '', document.mediaName ?? '', paper.widthMm, paper.heightMm, paper.orientation, document.fitToPage, pool].join('|');
      let job = batch.jobsByKey.get(key);
      if (!job) {
        job = { printer: document.printer, fallbacks: document.fallbacks, tray: document.tray, documents: [] };
        batch.jobsByKey.set(key, job);
        batch.jobs.push(job);
      }
      job.documents.push(document);
    }
  }
  return [...batches.values()].map(({ printer, orders, jobs }) => ({ printer, orders, jobs }));
}
