import type Router from '@koa/router';
import type { Db } from '../db/open';
import type { StationEvents } from '../events';
import type { Logger } from '../http/error-handler';
import { validate } from '../http/validate';
import type { SettingsStore } from '../settings/settings-store';
import { retentionInput, retentionOf, updateRetention } from './settings';
import { diskUse, sweepRetention } from './sweep';

/** Settings → Retention and disk: how long things are kept, what they take, and a sweep now. */
export function retentionRoutes(router: Router, deps: { db: Db; dataDir: string; settings: SettingsStore }): void {
  router.get('/admin/api/settings/retention', (ctx) => {
    ctx.body = retentionOf(deps.settings);
  });
  router.put('/admin/api/settings/retention', (ctx) => {
    ctx.body = updateRetention(deps.settings, validate(retentionInput, ctx.request.body ?? {}, 'The retention settings are not valid'));
  });
  router.post('/admin/api/settings/retention/sweep', async (ctx) => {
    ctx.body = await sweepRetention(deps.db, deps.dataDir, retentionOf(deps.settings));
  });
  router.get('/admin/api/settings/disk', async (ctx) => {
    ctx.body = await diskUse(deps.dataDir);
  });
}

export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Sweeps at start and every hour while the station runs with background work. */
export function scheduleRetentionSweeps(deps: { db: Db; dataDir: string; settings: SettingsStore; logger: Logger; events: StationEvents }): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    running = sweepRetention(deps.db, deps.dataDir, retentionOf(deps.settings))
      .then((result) => {
        if (Object.values(result).some((count) => count > 0)) deps.logger.info('retention sweep', { ...result });
      })
      .catch((error: unknown) => deps.logger.error('retention sweep failed', { error: String(error) }))
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(run, RETENTION_SWEEP_INTERVAL_MS);
          timer.unref();
        }
      });
  };
  timer = setTimeout(run, 0);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
