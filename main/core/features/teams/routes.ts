import type Router from '@koa/router';
import { callerOf, requireThreePl } from './caller';
import type { MerchantsService } from './merchants';
import { teamResource } from './service';

/**
 * Spec: Teams (3PL). A standard or merchant key gets 403; an unmanaged merchant 404. A 3PL
 * key's invitation mails count against its hourly budget (`mailsPerHour`, Settings →
 * Limits): past it they wait in the outbox, nothing is refused.
 */
export function teamRoutes(router: Router, merchants: MerchantsService, mailsPerHour: () => number): void {
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
    const { team, invitationSent } = await merchants.create(caller, ctx.request.body, { teamId: caller.team.id, perHour: mailsPerHour() });
    ctx.status = 201;
    ctx.body = { team, invitationSent };
  });

  router.post('/api/teams/merchants/:merchantTeamId/invitations', async (ctx) => {
    const caller = callerOf(ctx);
    requireThreePl(caller);
    const result = await merchants.invite(caller, ctx.params.merchantTeamId!, ctx.request.body, { teamId: caller.team.id, perHour: mailsPerHour() });
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
