import type { Db } from './db/open';
import type { TeamRow } from './teams/store';
import type { OrderRow } from './orders/store';

/**
 * Extension points between capabilities. A capability registers its hooks in
 * `createStation`; the capability that fires them does not import the others, so
 * dependencies keep pointing inward (orders know nothing of documents or printing).
 */
export interface StationHooks {
  /** Inside the transaction that created a team: seed what every team starts with. */
  teamCreated: Array<(db: Db, team: TeamRow) => void>;
  /**
   * Before an incoming order is written: may name an existing order of the same team to
   * merge the incoming source into (links). Runs outside the transaction; must not write
   * directly (links queue their error records on the GroupCommitter instead).
   */
  resolveMergeTarget: Array<(input: MergeQuery) => Promise<MergeDecision | undefined> | MergeDecision | undefined>;
  /**
   * Before the write transaction, with the order as it is about to be written (read outside
   * the transaction): work done ahead, off the transaction and off the event loop (documents
   * check their completeness on a thread). Must not write. What it prepares is used only if
   * the transaction finds exactly the same inputs; otherwise the transaction does the work.
   * Only orders that arrive while other order requests are under way are drafted: for an
   * order alone nothing else waits for the event loop, and the work ahead would only add to
   * its answer's time. Orders enter their transactions in the order they were drafted, so a
   * hook must settle soon: one that waits on a later order's write would hold it for ever.
   */
  orderDrafted: Array<(draft: OrderDraft) => Promise<void> | void>;
  /** Inside the write transaction, after the order, its keys, sources and tags are stored. */
  orderWritten: Array<(db: Db, event: OrderWrittenEvent) => void>;
  /** After the write committed: side effects that must not hold the transaction (auto-print). */
  orderCommitted: Array<(event: OrderWrittenEvent) => void>;
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
}

/** An order as its write is about to store it: the row, its tags' labels and its keys. */
export interface OrderDraft {
  order: OrderRow;
  tagLabels: string[];
  orderKeys: string[];
  /** The sources the order will have (its stored ones and this request's). */
  sources: string[];
}

export function createHooks(): StationHooks {
  return { teamCreated: [], resolveMergeTarget: [], orderDrafted: [], orderWritten: [], orderCommitted: [] };
}
