import { parentPort } from 'node:worker_threads';

/**
 * The worker's side of the thread model (thread-client.ts): says `{ready: true}`, then
 * answers each `{id, request}` with `{id, result}` or `{id, error}`, one at a time, in
 * order; `part` sends a part of the answer first (`{id, partial}`). Call it once the worker
 * has loaded what it needs: a request never waits for a start the client does not know about.
 */
export function serveRequests<Request, Result, Part = never>(handle: (request: Request, part: (part: Part) => void) => Promise<Result> | Result): void {
  const port = parentPort;
  if (!port) throw new Error('serveRequests runs on a worker thread');
  let queue: Promise<void> = Promise.resolve();
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    queue = queue.then(async () => {
      try {
        port.postMessage({ id, result: await handle(request, (part) => port.postMessage({ id, partial: part })) });
      } catch (error) {
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  port.postMessage({ ready: true });
}
