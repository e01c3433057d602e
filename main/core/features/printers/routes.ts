import type Router from '@koa/router';
import { z } from 'zod';
import { callerOf } from '../teams/caller';
import { validate } from '../../foundations/validate';
import { readSetting, type SettingsStore } from '../../foundations/settings/settings-store';
import { printServerInput, type PrintServerResolver } from './print-server';
import { addPrinterByAddress, addPrinterInput, printerAddress, probeAddress } from './by-address/add-printer';
import { allowedPrinterHosts } from '../net/admin-routes';
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

/** What `POST /admin/api/printers/probe` answers, and the `probe` of an added printer. */
export const probedPrinterAnswer = z.strictObject({
  kind: z.enum(['ipp', 'socket']),
  makeAndModel: z.string().nullable(),
  papers: z.array(z.strictObject({ name: z.string(), widthMm: z.number().nullable(), heightMm: z.number().nullable() })),
  trays: z.array(z.string()),
  languages: z.array(z.string()),
  state: z.string().nullable(),
});
export const probeBody = addPrinterInput.pick({ uri: true });

/**
 * Dashboard: a printer added by its address (docs/api/printers.md, Printers by address).
 * Both go through the outbound policy with the admin's printer hosts.
 */
export function printersByAddressAdminRoutes(router: Router, deps: { settings: SettingsStore; resolve: PrintServerResolver; printers: PrintersService }): void {
  router.post('/admin/api/printers', async (ctx) => {
    const input = validate(addPrinterInput, ctx.request.body, 'The printer is not valid');
    const { printer, probe } = await addPrinterByAddress({ printers: deps.printers, cupsServer: () => deps.resolve().server }, input, { allowedHosts: allowedPrinterHosts(deps.settings) });
    ctx.status = 201;
    ctx.body = { ...deps.printers.resource(printer), probe };
  });

  // What is at an address, before it is added: the same checks, nothing made.
  router.post('/admin/api/printers/probe', async (ctx) => {
    const input = validate(probeBody, ctx.request.body, 'The address is not valid');
    ctx.body = (await probeAddress(printerAddress(input.uri), { allowedHosts: allowedPrinterHosts(deps.settings) })).probe;
  });
}

/** Printers' routes: the API's printers, and the dashboard's print server and printers added by address. */
export function mountPrinters(routers: { api: Router; admin: Router }, deps: { settings: SettingsStore; resolve: PrintServerResolver; printers: PrintersService }): void {
  printerRoutes(routers.api, deps.printers);
  printServerAdminRoutes(routers.admin, deps);
  printersByAddressAdminRoutes(routers.admin, deps);
}
