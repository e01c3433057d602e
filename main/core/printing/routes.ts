import type Router from '@koa/router';
import type { Context } from 'koa';
import { callerOf } from '../auth/scope';
import { validate } from '../http/validate';
import { printOneRequestSchema, printRequestSchema, strictQuerySchema } from './schema';
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
    ctx.body = await printing.print(caller, body, { strict: strictOf(ctx, body), trigger: 'api' });
  });

  router.post('/api/orders/:orderIdOrKey/print', async (ctx) => {
    const caller = callerOf(ctx);
    const body = validate(printOneRequestSchema, ctx.request.body ?? {}, 'The print request is not valid');
    ctx.body = await printing.print(caller, { ...body, orderIds: [ctx.params.orderIdOrKey!] }, { strict: strictOf(ctx, body), trigger: 'api' });
  });
}
