import type Router from '@koa/router';
import type { Context } from 'koa';
import { operatorCallerFor } from './caller';
import { dashboardActor } from './dashboard-scope';
import type { Db } from '../../foundations/db/open';
import { badRequest, notFound, StationError } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import type { InvitationsService } from './invitations';
import { merchantItem, teamMembers, type MerchantsService } from './merchants';
import { listMerchantRows } from './merchants-store';
import { onboardingView, setOnboardingTaskDone } from './onboarding';
import { createTeamSchema, taskDoneSchema, teamInvitationSchema } from './schema';
import { operatorUser } from './service';
import { getTeam, listMerchantIds, setTeamLocale, setTeamType, type TeamRow } from './store';
import { teamLocaleSchema, teamTypeSchema } from './schema';
import { createTeam, teamResource } from './service';
import type { TeamHooks } from './team-hooks';
import { nowIso } from '../../foundations/ids';
import { shopProfileSchema, shopView, type ShopProfile } from './shop-profile';
import { getShopProfile, saveShopProfile } from './shop-profile-store';

/** The profile as saved, and what the documents print from it (`shop` in templates). */
const shopProfileAnswer = (team: TeamRow, profile: ShopProfile | undefined) => ({ profile: profile ?? {}, printed: shopView(team.name, profile) });

function teamOr404(db: Db, id: string): TeamRow {
  const team = getTeam(db, id);
  if (!team) throw notFound('No team with that id');
  return team;
}

/**
 * Dashboard routes for teams. Ticks and go-lives are recorded against the signed-in person;
 * the station admin's own session against the station's built-in user.
 */
export function teamAdminRoutes(router: Router, db: Db, merchants: MerchantsService, invitations: InvitationsService, hooks: TeamHooks): void {
  const personOrStation = (ctx: Context): string => ctx.state.personId ?? operatorUser(db).id;
  /** A new team (standard or 3PL) from the dashboard, as `station teams create` makes one; its admin is invited. */
  router.post('/admin/api/teams', async (ctx) => {
    const input = validate(createTeamSchema, ctx.request.body, 'The team is not valid');
    const { team } = db.transaction(() => createTeam(db, hooks, { name: input.name, type: input.type })).immediate();
    const invited = input.adminEmail ? await invitations.invite(team.id, input.adminEmail, 'admin') : null;
    ctx.status = 201;
    ctx.body = { team: teamResource(getTeam(db, team.id)!), invitationSent: invited?.sent ?? false, invitation: invited?.invitation ?? null };
  });

  router.get('/admin/api/teams/:teamId/merchants', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    ctx.body = listMerchantRows(db, team.id).map((row) => merchantItem(db, row));
  });

  // The 3PL's own API routes, acting as that 3PL team (its scope and checks, unchanged).
  router.post('/admin/api/teams/:teamId/merchants', async (ctx) => {
    const result = await merchants.create(operatorCallerFor(db, teamOr404(db, ctx.params.teamId!).id, dashboardActor(ctx)), ctx.request.body);
    ctx.status = 201;
    ctx.body = result;
  });

  router.put('/admin/api/teams/:teamId/merchants/:merchantTeamId', (ctx) => {
    ctx.body = merchants.assignAccountManager(operatorCallerFor(db, teamOr404(db, ctx.params.teamId!).id, dashboardActor(ctx)), ctx.params.merchantTeamId!, ctx.request.body);
  });

  router.get('/admin/api/teams/:teamId/members', (ctx) => {
    // Any team's members (a 3PL's, a merchant's, a standard team's): its admins manage them.
    ctx.body = teamMembers(db, teamOr404(db, ctx.params.teamId!).id);
  });

  router.get('/admin/api/teams/:teamId/onboarding', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    ctx.body = onboardingView(db, team.id);
  });

  router.put('/admin/api/teams/:teamId/onboarding/:kind', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    const { done } = validate(taskDoneSchema, ctx.request.body);
    ctx.body = setOnboardingTaskDone(db, team.id, ctx.params.kind!, done, personOrStation(ctx));
  });

  // The language, dates, money and country names of the team's built-in documents.
  // The first team (made at the first start) or any team of its own becomes a 3PL here, and
  // back: a merchant is always its 3PL's, and a 3PL with merchants stays one.
  router.put('/admin/api/teams/:teamId/type', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    const { type } = validate(teamTypeSchema, ctx.request.body, 'The team type is not valid');
    if (team.type === 'merchant') throw new StationError('conflict', 'merchant_type_fixed', `${team.name} is a merchant of a 3PL: its type does not change`);
    if (team.type === 'three_pl' && type === 'standard' && listMerchantIds(db, team.id).length > 0) {
      throw new StationError('conflict', 'three_pl_has_merchants', `${team.name} has merchants: it stays a 3PL while it has them`);
    }
    db.transaction(() => setTeamType(db, team.id, type, nowIso())).immediate();
    ctx.body = teamResource(getTeam(db, team.id)!);
  });

  router.put('/admin/api/teams/:teamId/locale', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    const { locale } = validate(teamLocaleSchema, ctx.request.body);
    setTeamLocale(db, team.id, locale, nowIso());
    ctx.body = teamResource(getTeam(db, team.id)!);
  });

  // The shop as the team's documents print it: name, address, return address, logo, tax number, contact.
  router.get('/admin/api/teams/:teamId/shop', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    ctx.body = shopProfileAnswer(team, getShopProfile(db, team.id));
  });

  router.put('/admin/api/teams/:teamId/shop', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    const profile = validate(shopProfileSchema, ctx.request.body, 'The shop profile is not valid');
    saveShopProfile(db, team.id, profile, nowIso());
    ctx.body = shopProfileAnswer(team, profile);
  });

  router.post('/admin/api/teams/:teamId/go-live', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    if (team.type !== 'merchant') throw badRequest('Only a merchant team goes live; other teams are live from the start');
    ctx.body = merchants.goLiveAs(team, personOrStation(ctx));
  });

  router.get('/admin/api/teams/:teamId/invitations', (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    ctx.body = invitations.list(team.id);
  });

  router.post('/admin/api/teams/:teamId/invitations', async (ctx) => {
    const team = teamOr404(db, ctx.params.teamId!);
    const { email, role } = validate(teamInvitationSchema, ctx.request.body, 'The invitation is not valid');
    const { invitation, sent } = await invitations.invite(team.id, email, role);
    ctx.status = 201;
    ctx.body = { invitation, invitationSent: sent };
  });
}
