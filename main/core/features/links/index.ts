import type { Db } from '../../foundations/db/open';
import type { Sandbox } from '../sandbox/sandbox';
import { createLinksService } from './service';

export { linkAdminRoutes } from './admin-routes';
export { linkRoutes } from './routes';

/** Links, over the expression sandbox the station built (station.ts; its threads start on first use). */
export function createLinksCapability(db: Db, sandbox: Sandbox) {
  return { sandbox, links: createLinksService({ db, sandbox }) };
}

