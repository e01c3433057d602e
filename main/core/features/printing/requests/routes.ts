import type Router from '@koa/router';
import type { Context } from 'koa';
import { callerOf } from '../../teams/caller';
import { type Caller } from '../../teams/caller';
import { validate } from '../../../foundations/validate';
import { idempotencyOf, type IdempotencyRequest } from './idempotency';
import { printOneRequestSchema, printRequestSchema, strictQuerySchema, type PrintRequest } from './schema';
import type { PrintingService } from './service';

/** `strict` is a query parameter; a `strict` in the body is honoured too. */
function strictOf(ctx: Context, body: { strict?: boolean }): boolean {
  const query = validate(strictQuerySchema, { strict: ctx.query.strict }, 'The print query is not valid');
  return query.strict === 'true' || query.strict === '1' || body.strict === true;
}

export function printRoutes(router: Router, printing: PrintingService): void {
  router.post('/api/orders/print', async (ctx) => {
    const caller = callerOf(ctx);
    const body = validate(printRequestSchema, ctx.request.body ?? {}, 'The print request is not valid');
    const strict = strictOf(ctx, body);
    await answer(ctx, caller, body, strict, idempotencyOf(ctx.get('Idempotency-Key'), 'print', ctx.request.body ?? {}, strict));
  });

  router.post('/api/orders/:orderIdOrKey/print', async (ctx) => {
    const caller = callerOf(ctx);
    const body = validate(printOneRequestSchema, ctx.request.body ?? {}, 'The print request is not valid');
    const strict = strictOf(ctx, body);
    const idempotency = idempotencyOf(ctx.get('Idempotency-Key'), `print-one:${ctx.params.orderIdOrKey!}`, ctx.request.body ?? {}, strict);
    await answer(ctx, caller, { ...body, orderIds: [ctx.params.orderIdOrKey!] }, strict, idempotency);
  });

  async function answer(ctx: Context, caller: Caller, request: PrintRequest, strict: boolean, idempotency: IdempotencyRequest | undefined) {
    if (!idempotency) {
      ctx.body = await printing.print(caller, request, { strict, trigger: 'api' });
      return;
    }
    const { results, replayed } = await printing.printOnce(caller, request, { strict, trigger: 'api', idempotency });
    // Stripe's header name: tells a client (and a person reading logs) that nothing printed again.
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = results;
  }
}
