// The memory floor of bench/idle-rss.ts: a bare Koa JSON server on plain Node, as
// `station serve` runs its built core (no TypeScript loader).
//   node bench/bare-koa-server.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Koa from 'koa';
import getRawBody from 'raw-body';

const app = new Koa();
app.use(async (ctx) => {
  const body = JSON.parse(await getRawBody(ctx.req, { limit: 1024 * 1024, encoding: 'utf8' }));
  ctx.status = 201;
  ctx.body = { id: randomUUID(), sourceId: String(body.sourceId), createdAt: new Date().toISOString() };
});
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
