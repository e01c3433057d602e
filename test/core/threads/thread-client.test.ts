import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/core/foundations/logger';
import { ThreadClient, ThreadDeadlineError, ThreadDiedError } from '../../../main/core/foundations/threads/thread-client';

const entry = new URL('./fixtures/echo-worker.mjs', import.meta.url);
const client = (mode?: string, extra: Partial<ConstructorParameters<typeof ThreadClient>[0]> = {}) =>
  new ThreadClient<string, { echo: string }>({ name: 'the test thread', entry, workerData: { mode }, logger: silentLogger, ...extra });

describe('one thread model: a real worker behind ThreadClient', () => {
  it('starts with the first call, answers by request id, and serves calls after a refused one', async () => {
    const thread = client();
    try {
      expect(thread.isRunning).toBe(false);
      const [a, b] = await Promise.all([thread.call('a'), thread.call('b')]);
      expect([a.echo, b.echo]).toEqual(['a', 'b']);
      await expect(thread.call('throw')).rejects.toThrow('refused by the worker');
      expect((await thread.call('c')).echo).toBe('c');
      expect(thread.starts).toBe(1);
    } finally {
      await thread.close();
    }
  });

  it('a thread that never says ready is terminated at the start timeout, and the next call starts another', async () => {
    const thread = client('never-ready', { startTimeoutMs: 200 });
    try {
      await expect(thread.call('a')).rejects.toThrow(/did not start within 200 ms/);
      expect(thread.isRunning).toBe(false);
      await expect(thread.call('b')).rejects.toThrow(ThreadDiedError);
      expect(thread.starts).toBe(2);
    } finally {
      await thread.close();
    }
  });

  it('a thread that exits before it is ready fails the waiting call at once', async () => {
    const thread = client('exit-before-ready', { startTimeoutMs: 60_000 });
    try {
      await expect(thread.call('a')).rejects.toThrow(/exited \(code 3\)/);
    } finally {
      await thread.close();
    }
  });

  it('a thread killed mid-call fails that call and every call it held, then serves the next call on a new thread', async () => {
    const thread = client();
    try {
      const held = thread.call('hang');
      const dying = thread.call('die');
      await expect(dying).rejects.toThrow(ThreadDiedError);
      await expect(held).rejects.toThrow(/exited \(code 4\)/);
      expect((await thread.call('after')).echo).toBe('after');
      expect(thread.starts).toBe(2);
    } finally {
      await thread.close();
    }
  });

  it('an answer that came in time is taken even when this thread was too busy to read it before the deadline', async () => {
    const thread = client();
    try {
      await thread.call('warm');
      // This thread is held (as by a long synchronous step) well past the deadline; the worker
      // answers at once meanwhile, and its answer waits to be read. Held from the check phase,
      // the loop comes to the timers (the deadline, due) before it reads the worker's messages.
      const answered = await new Promise<Promise<{ echo: string }>>((resolve) =>
        setImmediate(() => {
          const call = thread.call('quick', { deadlineMs: 100 });
          // Once the call is sent (its deadline armed, a microtask of its own).
          queueMicrotask(() =>
            queueMicrotask(() => {
              const heldUntil = Date.now() + 400;
              while (Date.now() < heldUntil);
              resolve(call);
            }),
          );
        }),
      );
      expect((await answered).echo).toBe('quick');
      expect(thread.starts).toBe(1);
    } finally {
      await thread.close();
    }
  });

  it('a call past its deadline ends the thread (its work cannot be stopped otherwise); the next call starts another', async () => {
    const thread = client();
    try {
      await expect(thread.call('hang', { deadlineMs: 100 })).rejects.toThrow(ThreadDeadlineError);
      expect((await thread.call('next')).echo).toBe('next');
      expect(thread.starts).toBe(2);
    } finally {
      await thread.close();
    }
  });

  it('an idle thread is ended, and close() ends it for good', async () => {
    const thread = client(undefined, { idleMs: 50 });
    await thread.call('a');
    await expect.poll(() => thread.isRunning, { interval: 20 }).toBe(false);
    await thread.close();
    await expect(thread.call('b')).rejects.toThrow(/is closed/);
  });

  it('parts of an answer arrive in order, and each starts the deadline again', async () => {
    const thread = client();
    try {
      const parts: unknown[] = [];
      // 4 × 60 ms in all, each step within 100 ms: a deadline for the whole would have ended it.
      const answer = await thread.call('parts', { deadlineMs: () => 100, onPartial: (part) => parts.push(part) });
      expect(answer.echo).toBe('parts');
      expect(parts).toEqual([0, 1, 2]);
      await expect(thread.call('parts', { deadlineMs: 100 })).rejects.toThrow(ThreadDeadlineError);
    } finally {
      await thread.close();
    }
  });

  it('hands what a thread says of its own accord to onEvent, and tells onDeath of a death but not of a close', async () => {
    const events: unknown[] = [];
    const deaths: string[] = [];
    const thread = client(undefined, { onEvent: (message) => events.push(message), onDeath: (reason) => deaths.push(reason) });
    expect((await thread.call('tell')).echo).toBe('told');
    expect(events).toEqual([{ told: 'of its own accord' }]);
    await expect(thread.call('die')).rejects.toThrow(ThreadDiedError);
    expect(deaths).toEqual(['the test thread exited (code 4)']);
    expect((await thread.call('again')).echo).toBe('again');
    await thread.close();
    expect(deaths).toHaveLength(1);
  });

  it('on close, a thread with a farewell ends itself (its last word arrives) rather than being terminated', async () => {
    const events: unknown[] = [];
    const thread = client(undefined, { onEvent: (message) => events.push(message), farewell: { farewell: true } });
    await thread.call('a');
    await thread.close();
    expect(events).toEqual([{ goodbye: true }]);
    expect(thread.isRunning).toBe(false);
  });
});

describe('the worker’s side: serveRequests', () => {
  const served = (events: unknown[]) =>
    new ThreadClient<string, string>({
      name: 'the served thread',
      // A TypeScript worker, as the station runs its own in a checkout: through the tsx bootstrap.
      entry: new URL('../../../main/core/foundations/threads/tsx-bootstrap.mjs', import.meta.url),
      workerData: { threadSource: new URL('./fixtures/served-worker.ts', import.meta.url).href },
      logger: silentLogger,
      onEvent: (message) => events.push(message),
      farewell: { close: true },
    });

  it('answers, speaks of its own accord, and on the farewell runs its own ending and closes, so the thread ends', async () => {
    const events: unknown[] = [];
    const thread = served(events);
    expect(await thread.call('a')).toBe('echo a');
    expect(await thread.call('tell')).toBe('echo tell');
    expect(events).toEqual([{ told: 'of its own accord' }]);
    await thread.close();
    expect(events).toEqual([{ told: 'of its own accord' }, { goodbye: true }]);
    expect(thread.isRunning).toBe(false);
  });
});

