import type { Db } from '../../foundations/db/open';
import type { Sandbox } from '../sandbox/sandbox';
import { createLinksService } from './service';

import type Router from '@koa/router';
import { linkAdminRoutes } from './admin-routes';
import { linkRoutes } from './routes';
import type { LinksService } from './service';

/** Links, over the expression sandbox the station built (station/threads.ts; its threads start on first use). */
export function createLinksCapability(db: Db, sandbox: Sandbox) {
  return { sandbox, links: createLinksService({ db, sandbox }) };
}

/** Links' routes: the API's links and their errors, and the dashboard's editor with its trial runs in the sandbox. */
export function mountLinks(routers: { api: Router; admin: Router }, { db, links, sandbox }: { db: Db; links: LinksService; sandbox: Sandbox }): void {
  linkRoutes(routers.api, db, links);
  linkAdminRoutes(routers.admin, db, links, sandbox);
}
