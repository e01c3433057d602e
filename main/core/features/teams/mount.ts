import type Router from '@koa/router';
import type { Db } from '../../foundations/db/open';
import type { SettingsStore } from '../../foundations/settings/settings-store';
import { teamAdminRoutes } from './admin-routes';
import type { InvitationsService } from './invitations';
import type { MerchantsService } from './merchants';
import { limitsAdminRoutes, threePlLimits } from './rate-limits';
import { teamRoutes } from './routes';
import type { TeamHooks } from './team-hooks';

/** Teams' routes: a 3PL's merchants and invitations in the API; teams, members, onboarding and the 3PL limits in the dashboard. */
export function mountTeams(
  routers: { api: Router; admin: Router },
  deps: { db: Db; merchants: MerchantsService; invitations: InvitationsService; hooks: TeamHooks; settings: SettingsStore },
): void {
  // A 3PL key's invitation mails are paced by its hourly budget (Settings → Limits), never refused.
  teamRoutes(routers.api, deps.merchants, () => threePlLimits(deps.settings).invitationsPerHour);
  teamAdminRoutes(routers.admin, deps.db, deps.merchants, deps.invitations, deps.hooks);
  limitsAdminRoutes(routers.admin, deps.settings);
}
