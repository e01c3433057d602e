import type { GroupCommitter } from '../db/group-commit';
import type { Db } from '../db/open';
import type { StationHooks } from '../hooks';
import type { Logger } from '../logger';
import type { Sandbox } from '../sandbox/sandbox';
import { linkMergeResolver } from './resolve';
import { createLinksService } from './service';

export { linkAdminRoutes } from './admin-routes';
export { linkRoutes } from './routes';

/** Links, over the expression sandbox the station built (station.ts; its threads start on first use). */
export function createLinksCapability(db: Db, sandbox: Sandbox) {
  return { sandbox, links: createLinksService({ db, sandbox }) };
}

/** Links decide merges for orders from a source+sourceId not seen before. */
export function registerLinkHooks(hooks: StationHooks, deps: { db: Db; sandbox: Sandbox; writer: GroupCommitter; logger: Logger }): void {
  hooks.resolveMergeTarget.push(linkMergeResolver(deps));
}
