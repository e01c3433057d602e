import type { EvalItem, ItemResult } from './engine';

/** Messages between the station and its sandbox thread. */
export type SandboxRequest =
  | { id: number; kind: 'evaluate'; realm: string; input: string; items: EvalItem[] }
  | { id: number; kind: 'compile'; code: string; as: 'condition' | 'resolver' };

export type SandboxReply =
  | { kind: 'ready' }
  | { id: number; kind: 'item'; index: number; result: ItemResult; elapsedMs: number }
  /** The thread stopped before item `index` because the station asked it to (see PROGRESS.stop). */
  | { id: number; kind: 'stopped'; index: number }
  | { id: number; kind: 'compiled'; error?: string };

/**
 * Shared cells: which item and stage the thread is evaluating right now, so a thread that
 * had to be terminated can be blamed precisely without a message per stage; and `stop`,
 * the id of a request the station wants ended before its next item (a team that turned
 * out slow leaves the shared thread).
 */
export const PROGRESS = { item: 0, stage: 1, stop: 2, length: 3 } as const;
export const STAGE_CODE = { condition: 1, resolver: 2 } as const;
