import type { Caller } from './caller';
import { managedMerchant, requireThreePl } from './caller';
import type { Db } from '../../foundations/db/open';
import type { TeamHooks } from './team-hooks';
import { badRequest } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { nowIso } from '../../foundations/ids';
import type { InvitationsService, MailBudget } from './invitations';
import { getMerchantRow, listMerchantRows, markLive, setAccountManager, type MerchantRow } from './merchants-store';
import { completeOnboardingTask } from './onboarding';
import { onboardingCounts } from './onboarding-store';
import { accountManagerSchema, createMerchantSchema, invitationSchema } from './schema';
import { createTeam, teamResource } from './service';
import { getTeam, type TeamRow } from './store';
import { isMember, listMembers } from './people-store';

export type MerchantsService = ReturnType<typeof createMerchantsService>;

/** The Merchant list item of the contract. */
export function merchantItem(db: Db, row: MerchantRow) {
  const { order_count, ...team } = row;
  return {
    ...teamResource(team),
    account_manager_user_id: team.account_manager_user_id,
    orderCount: order_count,
    onboarding: onboardingCounts(db, team.id),
  };
}

/**
 * Who a go-live through an API key is recorded against: keys belong to teams, not people,
 * so it is the merchant's account manager, else the 3PL team's first admin.
 */
function responsibleUserId(db: Db, merchant: TeamRow, parentTeamId: string): string | null {
  if (merchant.account_manager_user_id) return merchant.account_manager_user_id;
  return listMembers(db, parentTeamId).find((member) => member.role === 'admin')?.id ?? null;
}

/** 3PL management of merchant teams (spec: Teams (3PL)). Every call starts with the scope check. */
/** A team's members as the API and the dashboard list them. */
export function teamMembers(db: Db, teamId: string) {
  return listMembers(db, teamId).map((member) => ({
    userId: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    joinedAt: member.joined_at,
  }));
}

export function createMerchantsService(db: Db, hooks: TeamHooks, invitations: InvitationsService) {
  function list(caller: Caller) {
    requireThreePl(caller);
    return listMerchantRows(db, caller.team.id).map((row) => merchantItem(db, row));
  }

  /**
   * `invitation` (with its one-time `acceptUrl`) is for the dashboard, which shows the link
   * when no mail went out; the API answers only `{team, invitationSent}` as the contract says.
   */
  /** `budget`: a 3PL key's hourly mail budget (its invitation waits in the outbox past it); none for the dashboard. */
  async function create(caller: Caller, body: unknown, budget?: MailBudget) {
    requireThreePl(caller);
    const input = validate(createMerchantSchema, body, 'The merchant is not valid');
    const { team } = db.transaction(() => createTeam(db, hooks, { name: input.name, type: 'merchant', parentTeamId: caller.team.id })).immediate();
    const invited = input.email ? await invitations.invite(team.id, input.email, 'admin', budget) : null;
    return { team: teamResource(getTeam(db, team.id)!), invitationSent: invited?.sent ?? false, invitation: invited?.invitation ?? null };
  }

  async function invite(caller: Caller, merchantTeamId: string, body: unknown, budget?: MailBudget) {
    const merchant = managedMerchant(db, caller, merchantTeamId);
    const { email } = validate(invitationSchema, body, 'The invitation is not valid');
    const { sent } = await invitations.invite(merchant.id, email, 'admin', budget);
    return { invitationSent: sent };
  }

  /** The contract's `GET /api/teams/members`: a 3PL key's own team's members. */
  function members(caller: Caller) {
    requireThreePl(caller);
    return teamMembers(db, caller.team.id);
  }

  function assignAccountManager(caller: Caller, merchantTeamId: string, body: unknown) {
    const merchant = managedMerchant(db, caller, merchantTeamId);
    const { accountManagerUserId } = validate(accountManagerSchema, body, 'The assignment is not valid');
    if (accountManagerUserId !== null && !isMember(db, caller.team.id, accountManagerUserId)) {
      throw badRequest('The account manager must be a member of the 3PL team', [
        { path: 'accountManagerUserId', message: 'Not a member of the calling team (see GET /api/teams/members)' },
      ]);
    }
    db.transaction(() => {
      const at = nowIso();
      setAccountManager(db, merchant.id, accountManagerUserId, at);
      if (accountManagerUserId) completeOnboardingTask(db, merchant.id, 'assign_account_manager', null, at);
    }).immediate();
    return merchantItem(db, getMerchantRow(db, merchant.id)!);
  }

  function goLive(caller: Caller, merchantTeamId: string) {
    const merchant = managedMerchant(db, caller, merchantTeamId);
    return goLiveAs(merchant, responsibleUserId(db, merchant, caller.team.id));
  }

  /** Idempotent: a live team keeps its first `went_live_at` and `went_live_by`. */
  function goLiveAs(merchant: TeamRow, by: string | null) {
    markLive(db, merchant.id, by, nowIso());
    return teamResource(getTeam(db, merchant.id)!);
  }

  return { list, create, invite, members, assignAccountManager, goLive, goLiveAs };
}
