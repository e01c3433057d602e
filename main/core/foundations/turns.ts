import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * For a long loop on the event loop (a CSV export read into orders): call the returned
 * function at each step; it gives the loop a turn once `budgetMs` of work went by since the
 * last one. A budget of time, not of steps: one step can cost 50 times another (an order of
 * one line against one of 200), and a count that suits the first holds the loop for the other.
 */
export function turnsEvery(budgetMs: number): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
