import type Router from '@koa/router';
import { callerOf } from '../teams/caller';

export function authRoutes(router: Router, version: string): void {
  // For a 3PL key this is the parent team, never a merchant (spec: Identity).
  router.get('/api/auth/whoami', (ctx) => {
    const caller = callerOf(ctx);
    ctx.body = { authMethod: 'api-key', teamId: caller.team.id, teamSlug: caller.team.slug, version };
  });
}
