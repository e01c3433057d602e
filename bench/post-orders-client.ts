// A loopback client in a process of its own, as a WMS would be: posts orders to the
// station one after another and reports each request's latency (bench/print.ts).
//   fork('bench/post-orders-client.ts', [URL, API_KEY, FIRST_N], { execArgv: ['--import', 'tsx'] })
// Posts until the parent sends { stop: true } (or { count } posts were made after
// { start: { count } }), then sends back { latencies } and exits.
import { order } from './print-order';

const [url, key, first] = process.argv.slice(2) as [string, string, string];
let next = Number(first);
let stopping = false;

async function post() {
  const start = process.hrtime.bigint();
  const response = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(order(next++)) });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`answer ${response.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

process.on('message', async (message: { stop?: true; start?: { count?: number } }) => {
  if (message.stop) {
    stopping = true;
    return;
  }
  const latencies: number[] = [];
  const { count } = message.start!;
  while (count === undefined ? !stopping : latencies.length < count) latencies.push(await post());
  process.send!({ latencies }, () => process.exit(0));
});
process.send!({ ready: true });
