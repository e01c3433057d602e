import { createServer, type Socket } from 'node:net';

/**
 * A label printer's JetDirect socket on loopback, standing in for a Zebra behind CUPS's queue
 * `ZPL` (`useTestCups().addZplQueue`): it keeps every byte of every job, in order.
 *
 * It listens for the whole file, from before the queue exists until after the station stops.
 * A listener opened and closed per test lets its port go free between tests: another worker
 * may take it, or CUPS's socket backend finds it refused and sleeps 5, 10, 15 s before it
 * tries again — a test then waits on the port's luck, not on the station.
 */
export interface ZebraStandIn {
  port: number;
  /** Every job received so far, oldest first. */
  received: Buffer[];
  /** The next job this printer receives (or the oldest one received and not yet taken). */
  nextJob(): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startZebraStandIn(): Promise<ZebraStandIn> {
  const received: Buffer[] = [];
  let taken = 0;
  const waiting: ((job: Buffer) => void)[] = [];
  const server = createServer((socket: Socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      socket.end();
      const job = Buffer.concat(chunks);
      received.push(job);
      const waiter = waiting.shift();
      if (waiter) {
        taken++;
        waiter(job);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    received,
    nextJob: () => (taken < received.length ? Promise.resolve(received[taken++]!) : new Promise((resolve) => waiting.push(resolve))),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
