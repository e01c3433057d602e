import { describe, expect, it } from 'vitest';
import { FairTurns } from '../../../main/core/foundations/threads/fair-turns';

/** A task the test finishes when it wants: no timing, only the order work is handed out. */
function controlled() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const task = (name: string) => (worker: string) =>
    new Promise<string>((resolve) => {
      started.push(`${name}@${worker}`);
      finishers.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    finishers.get(name)!();
    // Let the finished task's worker take its next task.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, task, finish };
}

describe('fair turns between teams', () => {
  it('one team’s ten slow tasks do not queue another team’s task behind them: it runs on the next free worker', async () => {
    const turns = new FairTurns(['w1', 'w2']);
    const { started, task, finish } = controlled();
    const results: Promise<string>[] = [];
    for (let i = 1; i <= 10; i++) results.push(turns.run('team-a', task(`a${i}`)));
    results.push(turns.run('team-b', task('b1')));
    expect(started).toEqual(['a1@w1', 'a2@w2']);
    await finish('a1');
    // Team B's turn comes before team A's third task.
    expect(started).toEqual(['a1@w1', 'a2@w2', 'b1@w1']);
    await finish('b1');
    expect(started.at(-1)).toBe('a3@w1');
    for (let i = 2; i <= 10; i++) await finish(`a${i}`);
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10', 'b1']);
  });

  it('keeps each team’s order, and a failed task frees its worker', async () => {
    const turns = new FairTurns(['only']);
    const order: string[] = [];
    const failing = turns.run('x', () => Promise.reject(new Error('broken label')));
    const after = turns.run('x', async () => (order.push('x2'), 'x2'));
    await expect(failing).rejects.toThrow('broken label');
    expect(await after).toBe('x2');
    expect(order).toEqual(['x2']);
  });
});
