import type Router from '@koa/router';
import type { Checkpointer } from '../../foundations/db/checkpointer';
import type { Db } from '../../foundations/db/open';
import { validate } from '../../foundations/validate';
import type { SettingsStore } from '../../foundations/settings/settings-store';
import { retentionInput, retentionOf, updateRetention } from './settings';
import { diskUse, sweepRetention } from './sweep';

/** Settings → Retention and disk: how long things are kept, what they take, and a sweep now. */
export function retentionRoutes(router: Router, deps: { db: Db; dataDir: string; settings: SettingsStore; checkpointer?: Checkpointer }): void {
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
    ctx.body = { ...(await diskUse(deps.dataDir)), checkpoints: deps.checkpointer?.stats() ?? null };
  });
}
