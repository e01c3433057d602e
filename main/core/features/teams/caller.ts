import type { Actor } from '../../foundations/actor';
import type { Db } from '../../foundations/db/open';
import type { Context } from 'koa';
import { forbidden, notFound, unauthorized } from '../../foundations/errors';
import { getTeam, listMerchantIds, type TeamRow } from './store';

/**
 * Who is calling and which teams they may touch. This is the one place that decides
 * scope: routes and services ask it, they never compare team ids themselves.
 */
export interface Caller {
  keyId: string;
  team: TeamRow;
  /** The key's own team first, then (3PL keys) every managed merchant. */
  teamIds: string[];
  /** Who acts: the key, or the dashboard's person (what it prints records them). */
  actor: Actor;
}

/** The teams a team's caller reaches: itself, and a 3PL's merchants. Read fresh, so a merchant created a moment ago is in. */
export function teamScope(db: Db, team: TeamRow): string[] {
  return team.type === 'three_pl' ? [team.id, ...listMerchantIds(db, team.id)] : [team.id];
}

declare module 'koa' {
  interface DefaultState {
    /** The API key's caller, set by `apiKeyAuth` (auth/scope.ts) for every `/api/*` request. */
    caller?: Caller;
  }
}

/** The caller of a public API request (401 when no key was checked). */
export function callerOf(ctx: Context): Caller {
  const caller = ctx.state.caller;
  if (!caller) throw unauthorized();
  return caller;
}

export const isThreePl = (caller: Caller): boolean => caller.team.type === 'three_pl';
export const canAccessTeam = (caller: Caller, teamId: string): boolean => caller.teamIds.includes(teamId);

/** 403 for keys that are not a 3PL parent's (spec: standard keys on 3PL routes). */
export function requireThreePl(caller: Caller): void {
  if (!isThreePl(caller)) throw forbidden('Only a 3PL team key can use this route');
}

/** A merchant the calling 3PL manages, or 404 (spec: merchant not managed by the caller). */
export function managedMerchant(db: Db, caller: Caller, merchantTeamId: string): TeamRow {
  requireThreePl(caller);
  const team = getTeam(db, merchantTeamId);
  if (!team || team.parent_team_id !== caller.team.id) throw notFound('No merchant team with that id is managed by this team');
  return team;
}

/**
 * The dashboard's caller for a team's services: the team itself (with its merchants, for a
 * 3PL), exactly as its own key would be, acting as the signed-in person (`actor`).
 */
export function operatorCallerFor(db: Db, teamId: string, actor: Actor): Caller {
  const team = getTeam(db, teamId);
  if (!team) throw notFound(`No team ${teamId}`);
  return { keyId: 'dashboard', team, teamIds: teamScope(db, team), actor };
}
