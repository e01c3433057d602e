import type { Db } from '../../foundations/db/open';
import type { OrderRow } from './store';

/**
 * The hooks an order's write fires, for the capabilities above orders (links, documents,
 * printing) to register in the composition root: orders import none of them.
 */
export interface OrderHooks {
  /**
   * Before an incoming order is written: may name an existing order of the same team to
   * merge the incoming source into (links). Runs outside the transaction; must not write
   * directly (links queue their error records on the GroupCommitter instead).
   */
  resolveMergeTarget: Array<(input: MergeQuery) => Promise<MergeDecision | undefined> | MergeDecision | undefined>;
  /**
   * Before an incoming order's write, outside the transaction: the order as the write will
   * store it, for work that can be done ahead on another thread (documents check their
   * templates against it). Worked out only when a hook asks (`ahead()`, once for all hooks;
   * undefined for a body the write will refuse). Its promise is awaited; a failure is logged,
   * never refused: the write does the same work itself when what was done ahead no longer matches.
   */
  beforeOrderWrite: Array<(ahead: () => OrderAhead | undefined) => Promise<void>>;
  /** Inside the write transaction, after the order, its keys, sources and tags are stored. */
  orderWritten: Array<(db: Db, event: OrderWrittenEvent) => void>;
  /** After the write committed: side effects that must not hold the transaction (auto-print). */
  orderCommitted: Array<(event: OrderWrittenEvent) => void>;
}

/** An order as its write will store it, worked out before the write (and worked out again inside it). */
export interface OrderAhead {
  row: OrderRow;
  /** Its tags as the write will set them (labels and colours). */
  tags: { label: string; color: string }[];
  keys: string[];
  /** The names of its sources, this request's included. */
  sources: string[];
}

export interface MergeQuery {
  teamId: string;
  source: string;
  sourceId: string;
  /** The request body as sent. */
  payload: unknown;
}

export interface MergeDecision {
  orderId: string;
  /** Why this merge happened (e.g. the link id), recorded in the order's history. */
  reason: string;
}

export interface MergeFailure {
  reason: string;
}

export interface OrderWrittenEvent {
  order: OrderRow;
  /** True when this request created the order; false for an update or a merge. */
  created: boolean;
  merged: boolean;
  source: string;
  sourceId: string;
  /** False: the writer asked that this order not print automatically (a CSV import that was told not to). */
  autoPrint?: boolean;
}
