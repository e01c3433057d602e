import type Router from '@koa/router';
import { z } from 'zod';
import { callerOf } from '../auth/scope';
import { validate } from '../validate';
import type { PrintersService } from './service';

export const printerListQuerySchema = z.strictObject({
  visibility: z.enum(['all', 'visible', 'hidden']).default('all'),
  printerVendorId: z.string().min(1).optional(),
});

/** The printers of this station, the same for every team: `GET /api/printers…`. */
export function printerRoutes(router: Router, printers: PrintersService): void {
  router.get('/api/printers', async (ctx) => {
    callerOf(ctx);
    const query = validate(printerListQuerySchema, ctx.query, 'The printer query is not valid');
    const list = await printers.list({ visibility: query.visibility, vendorId: query.printerVendorId });
    ctx.body = list.map(printers.resource);
  });

  // Before `/:printerId`: "refresh" is a route, not a printer id.
  router.get('/api/printers/refresh', async (ctx) => {
    callerOf(ctx);
    ctx.body = (await printers.refresh()).map(printers.resource);
  });

  router.get('/api/printers/:printerId', async (ctx) => {
    callerOf(ctx);
    ctx.body = printers.resource(await printers.get(ctx.params.printerId!));
  });
}
