import type Router from '@koa/router';
import { callerOf } from '../auth/scope';
import { requireThreePl } from './caller';
import type { MerchantsService } from './merchants';
import { threePlLimits, type ThreePlLimits } from './rate-limits';
import { teamResource } from './service';

/** Spec: Teams (3PL). A standard or merchant key gets 403; an unmanaged merchant 404. */
export function teamRoutes(router: Router, merchants: MerchantsService, limits: ThreePlLimits = threePlLimits()): void {
  router.get('/api/teams', (ctx) => {
    const caller = callerOf(ctx);
    requireThreePl(caller);
    ctx.body = teamResource(caller.team);
  });

  router.get('/api/teams/merchants', (ctx) => {
    ctx.body = merchants.list(callerOf(ctx));
  });

  router.post('/api/teams/merchants', async (ctx) => {
    const caller = callerOf(ctx);
    requireThreePl(caller);
    // Each merchant, and each invitation mailed with one, counts against the 3PL's hourly limits.
    limits.merchants.take(caller.team.id);
    if (typeof (ctx.request.body as { email?: unknown } | undefined)?.email === 'string') limits.invitations.take(caller.team.id);
    const { team, invitationSent } = await merchants.create(callerOf(ctx), ctx.request.body);
    ctx.status = 201;
    ctx.body = { team, invitationSent };
  });

  router.post('/api/teams/merchants/:merchantTeamId/invitations', async (ctx) => {
    const caller = callerOf(ctx);
    requireThreePl(caller);
    limits.invitations.take(caller.team.id);
    const result = await merchants.invite(callerOf(ctx), ctx.params.merchantTeamId!, ctx.request.body);
    ctx.status = 201;
    ctx.body = result;
  });

  router.get('/api/teams/members', (ctx) => {
    ctx.body = merchants.members(callerOf(ctx));
  });

  router.put('/api/teams/merchants/:merchantTeamId', (ctx) => {
    ctx.body = merchants.assignAccountManager(callerOf(ctx), ctx.params.merchantTeamId!, ctx.request.body);
  });

  router.post('/api/teams/merchants/:merchantTeamId/go-live', (ctx) => {
    ctx.body = merchants.goLive(callerOf(ctx), ctx.params.merchantTeamId!);
  });
}
