import { describe, expect, it } from 'vitest';
import { turnsEvery } from '../../../main/core/foundations/turns';

/** Holds the event loop for `ms`, as a step of a long loop does. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('turnsEvery: a long loop gives the event loop a turn per budget of time', () => {
  it('lets waiting work run once the budget is spent, and not at every step', async () => {
    const budgetMs = 10;
    // Read before the budget starts counting: the first turn is a budget after `started` or later.
    const started = performance.now();
    const turn = turnsEvery(budgetMs);
    // Work that waits for the loop: it runs only when the long loop takes a turn.
    let ranAfterStep: number | undefined;
    let step = 0;
    setImmediate(() => (ranAfterStep = step));
    const turnsAt: number[] = [];
    for (step = 1; step <= 30; step++) {
      work(2);
      const waiting = turn();
      if (waiting) {
        turnsAt.push(performance.now());
        await waiting;
      }
    }
    // The waiting work ran during the loop, at its first turn.
    expect(ranAfterStep).toBeDefined();
    expect(ranAfterStep).toBeLessThan(30);
    expect(turnsAt.length).toBeGreaterThanOrEqual(1);
    // Each turn came once the budget was spent since the last (or since the start)…
    [started, ...turnsAt].reduce((previous, at) => {
      expect(at - previous).toBeGreaterThanOrEqual(budgetMs);
      return at;
    });
    // …so 2 ms steps took far fewer turns than steps.
    expect(turnsAt.length).toBeLessThan(15);
  });
});
