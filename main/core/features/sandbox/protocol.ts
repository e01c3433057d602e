import type { EvalItem, ItemResult } from './engine';

/**
 * The sandbox thread's protocol, over the station's thread model (threads/thread-client.ts):
 * a request, parts of its answer (one per item evaluated), then its answer.
 */
export type SandboxRequest =
  /** `requestId`: what the station writes into `PROGRESS.stop` to end this request early. */
  | { kind: 'evaluate'; requestId: number; realm: string; input: string; items: EvalItem[] }
  | { kind: 'compile'; code: string; as: 'condition' | 'resolver' };

/** One item's result, sent as soon as it is known: if a later item hangs, earlier answers stand. */
export interface SandboxItemPart {
  index: number;
  result: ItemResult;
  elapsedMs: number;
}

export type SandboxAnswer =
  | { kind: 'done' }
  /** The thread stopped before item `index` because the station asked it to (see PROGRESS.stop). */
  | { kind: 'stopped'; index: number }
  | { kind: 'compiled'; error?: string };

/**
 * Shared cells: which item and stage the thread is evaluating right now, so a thread that
 * had to be terminated can be blamed precisely without a message per stage; and `stop`,
 * the id of a request the station wants ended before its next item (a team that turned
 * out slow leaves the shared thread).
 */
export const PROGRESS = { item: 0, stage: 1, stop: 2, length: 3 } as const;
export const STAGE_CODE = { condition: 1, resolver: 2 } as const;
