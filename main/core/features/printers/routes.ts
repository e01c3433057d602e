import type Router from '@koa/router';
import { z } from 'zod';
import { callerOf } from '../auth/scope';
import { validate } from '../../foundations/validate';
import { readSetting, type SettingsStore } from '../../foundations/settings/settings-store';
import { printServerInput, type PrintServerResolver } from './print-server';
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

/** What `GET|PUT /admin/api/settings/print-server` answer: the saved server, and the one in use with where it came from. */
export const printServerAnswer = z.strictObject({
  cupsServer: z.string().nullable(),
  effective: z.strictObject({ server: z.string().nullable(), source: z.enum(['command line', 'settings', 'environment', 'machine']) }),
});

export const printServerView = (settings: SettingsStore, resolve: PrintServerResolver) => {
  const effective = resolve();
  return { cupsServer: readSetting(settings, 'cupsServer') ?? null, effective: { server: effective.server ?? null, source: effective.source } };
};

/**
 * Dashboard: the CUPS server the station prints through (Settings → Print server). Saving it
 * looks for printers there at once; `station serve --cups-server` overrides it.
 */
export function printServerAdminRoutes(router: Router, deps: { settings: SettingsStore; resolve: PrintServerResolver; printers: PrintersService }): void {
  router.get('/admin/api/settings/print-server', (ctx) => {
    ctx.body = printServerView(deps.settings, deps.resolve);
  });

  router.put('/admin/api/settings/print-server', async (ctx) => {
    const input = validate(printServerInput, ctx.request.body, 'The print server is not valid');
    deps.settings.set('cupsServer', input.cupsServer ?? undefined);
    // The printers of the new server are listed now; one that cannot be reached lists none (its
    // printers read "missing") and the answer still says what was saved.
    await deps.printers.refresh().catch(() => undefined);
    ctx.body = printServerView(deps.settings, deps.resolve);
  });
}
