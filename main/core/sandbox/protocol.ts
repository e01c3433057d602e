import type { EvalItem, ItemResult } from './engine';

/** Messages between the station and its sandbox thread. */
export type SandboxRequest =
  | { id: number; kind: 'evaluate'; input: string; items: EvalItem[] }
  | { id: number; kind: 'compile'; code: string; as: 'condition' | 'resolver' };

export type SandboxReply =
  | { kind: 'ready' }
  | { id: number; kind: 'item'; index: number; result: ItemResult }
  | { id: number; kind: 'compiled'; error?: string };

/**
 * Shared progress cells: which item and stage the thread is evaluating right now, so a
 * thread that had to be terminated can be blamed precisely without a message per stage.
 */
export const PROGRESS = { item: 0, stage: 1, length: 2 } as const;
export const STAGE_CODE = { condition: 1, resolver: 2 } as const;
