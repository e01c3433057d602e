import { singleLine } from '../../foundations/text';
import type { Db } from '../../foundations/db/open';
import { newId, nowIso, slugify } from '../../foundations/ids';
import { badRequest } from '../../foundations/errors';
import type { TeamHooks } from './team-hooks';
import { getTeam, insertTeam, uniqueSlug, type TeamRow, type TeamType } from './store';
import { seedOnboardingTasks } from './onboarding';
import { addMembership, findPersonByEmail, getPerson, insertUser, listMembers, type UserRow } from './people-store';
import { getSetting, setSetting } from '../../foundations/settings/station-settings-store';

const OPERATOR_SETTING = 'operator_user_id';

/**
 * The station's own operator: the person at this machine. Teams made without a named
 * owner get this user as their admin, so members, account managers and `went_live_by`
 * always point at a real user.
 */
export function operatorUser(db: Db): UserRow {
  const existingId = getSetting(db, OPERATOR_SETTING);
  const existing = existingId ? getPerson(db, existingId) : undefined;
  if (existing) return existing;
  const user: UserRow = { id: newId(), name: 'Station operator', email: null, created_at: nowIso() };
  insertUser(db, user);
  setSetting(db, OPERATOR_SETTING, user.id);
  return user;
}

/** Finds the user with this e-mail or creates one. */
export function userForEmail(db: Db, email: string, name?: string): UserRow {
  const found = findPersonByEmail(db, email);
  if (found) return found;
  const user: UserRow = { id: newId(), name: singleLine(name ?? '') || email.split('@')[0]!, email, created_at: nowIso() };
  insertUser(db, user);
  return user;
}

export interface CreateTeamInput {
  name: string;
  type: TeamType;
  parentTeamId?: string;
  owner?: { name?: string; email?: string };
}

/**
 * Creates a team with an admin member and runs the `teamCreated` hooks (default flow,
 * templates, routing…). Call inside a transaction.
 */
export function createTeam(db: Db, hooks: TeamHooks, input: CreateTeamInput): { team: TeamRow; owner: UserRow } {
  const name = singleLine(input.name);
  if (name.length < 1 || name.length > 100) throw badRequest('A team name has 1 to 100 characters');
  const parent = input.parentTeamId ? getTeam(db, input.parentTeamId) : undefined;
  if (input.type === 'merchant' && parent?.type !== 'three_pl') throw badRequest('A merchant needs a 3PL parent team');
  const at = nowIso();
  const team: TeamRow = {
    id: newId(),
    name,
    slug: uniqueSlug(db, slugify(name)),
    type: input.type,
    parent_team_id: input.type === 'merchant' ? parent!.id : null,
    // Merchants start onboarding; standard and 3PL teams are live from the start.
    status: input.type === 'merchant' ? 'onboarding' : 'live',
    account_manager_user_id: null,
    went_live_at: null,
    went_live_by: null,
    locale: null,
    created_at: at,
    updated_at: at,
  };
  insertTeam(db, team);
  // A merchant is run by its 3PL: the parent's admins become its admins (spec: Merchant team
  // status), and it starts with the onboarding checklist.
  const parentAdmins = parent && team.type === 'merchant' ? listMembers(db, parent.id).filter((m) => m.role === 'admin') : [];
  for (const admin of parentAdmins) addMembership(db, team.id, admin.id, 'admin', at);
  const owner = input.owner?.email ? userForEmail(db, input.owner.email, input.owner.name) : (parentAdmins[0] ?? operatorUser(db));
  addMembership(db, team.id, owner.id, 'admin', at);
  if (team.type === 'merchant') seedOnboardingTasks(db, team.id, at);
  for (const hook of hooks.teamCreated) hook(db, team);
  return { team, owner };
}

/** The Team resource of the API (snake_case, as the spec shows it). */
export function teamResource(team: TeamRow) {
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    type: team.type,
    parent_team_id: team.parent_team_id,
    status: team.status,
    /** The locale of the team's documents; null: the station's. */
    locale: team.locale ?? null,
    ...(team.went_live_at ? { went_live_at: team.went_live_at, went_live_by: team.went_live_by } : {}),
    created_at: team.created_at,
    updated_at: team.updated_at,
  };
}
