import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import { validate } from '../../foundations/validate';
import type { PrintersService } from '../printers/service';
import type { PrintQueue } from './jobs/queue';
import { removeMissingPrinter } from './jobs/remove-printer';
import type { TestPrinter } from './jobs/test-print';
import { timeToPaperRoutes } from './jobs/time-to-paper';

export const printerSettingsBody = z.strictObject({
  nickname: z.string().trim().max(100).nullable().optional(),
  visible: z.boolean().optional(),
  config: z.strictObject({ fitToPage: z.boolean().optional(), tray: z.string().min(1).max(200).nullable().optional(), takesZpl: z.boolean().nullable().optional() }).optional(),
  layoutConfigs: z.array(z.unknown()).max(50).optional(),
});

/** The Printers page: the list, its refresh, a printer's settings, removing a gone one, a test print. */
export function printerAdminRoutes(router: Router, deps: { db: Db; events: StationEvents; printers: PrintersService; queue: PrintQueue; testPrinter: TestPrinter }): void {
  const { printers } = deps;
  timeToPaperRoutes(router, deps.db);
  router.get('/admin/api/printers', async (ctx) => {
    ctx.body = (await printers.list()).map(printers.resource);
  });
  router.post('/admin/api/printers/refresh', async (ctx) => {
    ctx.body = (await printers.refresh()).map(printers.resource);
  });
  router.patch('/admin/api/printers/:id', async (ctx) => {
    const body = validate(printerSettingsBody, ctx.request.body, 'The printer settings are not valid');
    const printer = await printers.get(ctx.params.id!);
    const updated = printers.updateSettings(printer.id, {
      nickname: body.nickname === undefined ? undefined : body.nickname || null,
      visible: body.visible,
      fitToPage: body.config?.fitToPage,
      tray: body.config?.tray,
      takesZpl: body.config?.takesZpl,
      layoutConfigs: body.layoutConfigs,
    });
    ctx.body = printers.resource(updated);
  });
  router.delete('/admin/api/printers/:id', (ctx) => {
    removeMissingPrinter(deps, ctx.params.id!);
    ctx.status = 204;
  });
  router.post('/admin/api/printers/:id/test-print', async (ctx) => {
    ctx.body = await deps.testPrinter.print(await printers.get(ctx.params.id!));
  });
}
