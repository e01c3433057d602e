import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePrinter } from '../../../main/core/features/printers/by-address/probe';

/**
 * A probe ends by its total deadline, not only by its idle timeout: an address that answers
 * a byte at a time, never idle long enough for the idle timeout, cannot hold it for ever.
 */
let server: Server;
let port: number;
const drips = new Set<NodeJS.Timeout>();
beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/ipp' });
    // A byte every 50 ms: always within the idle timeout below.
    const drip = setInterval(() => response.write(Buffer.from([0])), 50);
    drips.add(drip);
    response.on('close', () => (clearInterval(drip), drips.delete(drip)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const drip of drips) clearInterval(drip);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a printer probe', () => {
  it('gives up on an address that trickles its answer once the total deadline passes, saying so', async () => {
    const probing = probePrinter(new URL(`ipp://127.0.0.1:${port}/ipp/print`), undefined, { idleMs: 1_000, deadlineMs: 400 });
    await expect(probing).rejects.toMatchObject({ code: 'printer_unreachable', message: '127.0.0.1:' + port + ' did not finish answering within 0.4 s' });
  });
});
