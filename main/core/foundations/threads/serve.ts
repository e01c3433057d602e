import { parentPort } from 'node:worker_threads';

/** How a worker speaks to the station: a thread's port, or a child process's IPC channel. */
interface Channel {
  on(event: 'message', listener: (message: { id: number; request: unknown; close?: true }) => void): void;
  post(message: unknown, done?: () => void, transfer?: ArrayBuffer[]): void;
}

function channel(): Channel {
  if (parentPort) {
    const port = parentPort;
    return {
      on: (event, listener) => port.on(event, listener),
      post: (message, done, transfer) => {
        port.postMessage(message, transfer ?? []);
        done?.();
      },
    };
  }
  if (process.send) {
    const send = process.send.bind(process);
    return { on: (event, listener) => process.on(event, listener), post: (message, done) => void send(message, undefined, {}, () => done?.()) };
  }
  throw new Error('serveRequests runs on a worker thread or in a child process with an IPC channel');
}

/** What a served worker may do besides answering: speak of its own accord. */
export interface Served<Event> {
  /** Posts a message of the worker's own accord (the client's `onEvent`): neither `ready` nor an answer. */
  emit(event: Event): void;
}

/**
 * The worker's side of the thread model (thread-client.ts, and process-client.ts for a worker
 * in a child process): says `{ready: true}`, then answers each `{id, request}` with
 * `{id, result}` or `{id, error}`, one at a time, in order; `part` sends a part of the answer
 * first (`{id, partial}`). Call it once the worker has loaded what it needs: a request never
 * waits for a start the client does not know about. `afterEach`, once an answer is on its
 * way, may end a child process (it disconnects: its client starts another for the next call);
 * `transfer` names the buffers of a thread's answer that move to the station rather than copy.
 * The farewell (`{close: true}`, the client's `farewell`) runs `onFarewell` after the answers
 * under way, then closes the channel, so the worker ends once its own timers are cleared.
 * The answer's `emit` speaks of the worker's own accord (the client's `onEvent`).
 */
export function serveRequests<Request, Result, Part = never, Event extends object = never>(
  handle: (request: Request, part: (part: Part) => void) => Promise<Result> | Result,
  options: { afterEach?: () => 'go on' | 'end'; transfer?: (result: Result) => ArrayBuffer[]; onFarewell?: () => void } = {},
): Served<Event> {
  const to = channel();
  let queue: Promise<void> = Promise.resolve();
  to.on('message', ({ id, request, close }) => {
    if (close) {
      queue = queue.then(() => {
        options.onFarewell?.();
        if (parentPort) parentPort.close();
        else process.disconnect?.();
      });
      return;
    }
    queue = queue.then(async () => {
      let answer: unknown;
      let transfer: ArrayBuffer[] | undefined;
      try {
        const result = await handle(request as Request, (part) => to.post({ id, partial: part }));
        answer = { id, result };
        transfer = options.transfer?.(result);
      } catch (error) {
        answer = { id, error: error instanceof Error ? error.message : String(error) };
      }
      const end = options.afterEach?.() === 'end' && !parentPort;
      to.post(answer, end ? () => process.disconnect() : undefined, transfer);
    });
  });
  to.post({ ready: true });
  return { emit: (event) => to.post(event) };
}
