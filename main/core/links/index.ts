import type { GroupCommitter } from '../db/group-commit';
import type { Db } from '../db/open';
import type { StationHooks } from '../hooks';
import type { Logger } from '../http/error-handler';
import { createSandbox, type Sandbox } from '../sandbox/sandbox';
import { linkMergeResolver } from './resolve';
import { createLinksService } from './service';

export { linkAdminRoutes } from './admin-routes';
export { linkRoutes } from './routes';

/** Links and the expression sandbox they run in (its thread starts on first use). */
export function createLinksCapability(db: Db) {
  const sandbox = createSandbox();
  return { sandbox, links: createLinksService({ db, sandbox }) };
}

/** Links decide merges for orders from a source+sourceId not seen before. */
export function registerLinkHooks(hooks: StationHooks, deps: { db: Db; sandbox: Sandbox; writer: GroupCommitter; logger: Logger }): void {
  hooks.resolveMergeTarget.push(linkMergeResolver(deps));
}
