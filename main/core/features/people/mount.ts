import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Db } from '../../foundations/db/open';
import { RequestRate } from '../../foundations/secret-throttle';
import type { AdminSessions } from '../sessions/sessions';
import { activityRoutes } from './activity';
import { passkeyAdminRoutes } from './passkey-routes';
import type { Passkeys } from './passkeys';
import type { PeopleService } from './people';
import { peopleAdminRoutes, peoplePublicRoutes } from './routes';

/**
 * People's routes: sign-in (by password, badge, PIN or passkey), the people and their
 * credentials, passkeys, and who did what. A sign-in at a paired bench screen is told to the
 * benches (`atBench`), which sit above people.
 */
export function mountPeople(
  routers: { adminPublic: Router; admin: Router },
  deps: {
    db: Db;
    sessions: AdminSessions;
    people: PeopleService;
    passkeys: Passkeys;
    atBench: { signedIn(ctx: Context, sessionToken: string): void; atPairedScreen(ctx: Context): boolean };
  },
): void {
  peoplePublicRoutes(routers.adminPublic, deps.sessions, deps.people, {
    signedIn: deps.atBench.signedIn,
    atPairedScreen: deps.atBench.atPairedScreen,
    passkeys: deps.passkeys,
    // A challenge costs a little work and two minutes of memory: 30 a minute per address.
    passkeyOptionsRate: new RequestRate(30, 60_000),
  });
  peopleAdminRoutes(routers.admin, deps.db, deps.people);
  passkeyAdminRoutes(routers.admin, deps.passkeys, deps.people);
  activityRoutes(routers.admin, deps.db);
}
