import type { Db } from '../foundations/db/open';
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
  /** False: the writer asked that this order not print automatically (a CSV import that was told not to). */
  autoPrint?: boolean;
}

export function createHooks(): StationHooks {
  return { teamCreated: [], resolveMergeTarget: [], orderWritten: [], orderCommitted: [] };
}
