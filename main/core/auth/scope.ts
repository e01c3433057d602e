import type { Context, Next } from 'koa';
import type { Db } from '../db/open';
import { forbidden, notFound, unauthorized } from '../errors';
import { nowIso } from '../ids';
import { checkApiKey } from '../keys/service';
import { touchApiKey } from '../keys/store';
import { statement } from '../db/statements';
import { getTeam, type TeamRow } from '../teams/store';

/**
 * Who is calling and which teams they may touch. This is the one place that decides
 * scope: routes ask it, they never compare team ids themselves.
 */
export interface Caller {
  keyId: string;
  team: TeamRow;
  /** The key's own team first, then (3PL keys) every managed merchant. */
  teamIds: string[];
}

declare module 'koa' {
  interface DefaultState {
    caller?: Caller;
    requestId?: string;
  }
}

export const isThreePl = (caller: Caller): boolean => caller.team.type === 'three_pl';
export const canAccessTeam = (caller: Caller, teamId: string): boolean => caller.teamIds.includes(teamId);

export function callerOf(ctx: Context): Caller {
  const caller = ctx.state.caller;
  if (!caller) throw unauthorized();
  return caller;
}

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

const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** `X-API-Key` authentication for `/api/*`: 401 for a missing, malformed, unknown or revoked key. */
export function apiKeyAuth(db: Db) {
  const lastWritten = new Map<string, number>();
  return async (ctx: Context, next: Next): Promise<void> => {
    const check = checkApiKey(db, ctx.get('x-api-key') || undefined);
    if (!check.ok) {
      throw unauthorized(
        check.reason === 'missing'
          ? 'A valid API key is required in the X-API-Key header'
          : check.reason === 'revoked'
            ? 'This API key has been revoked'
            : 'The API key is not valid',
      );
    }
    // Every request runs these two: cached statements, read fresh each time so a merchant
    // created a moment ago (or by the CLI) is in scope at once.
    const team = statement(db, 'SELECT * FROM teams WHERE id = ?').get(check.key.team_id) as TeamRow | undefined;
    if (!team) throw unauthorized('The API key is not valid');
    const teamIds =
      team.type === 'three_pl'
        ? [team.id, ...(statement(db, 'SELECT id FROM teams WHERE parent_team_id = ?').all(team.id) as { id: string }[]).map((row) => row.id)]
        : [team.id];
    ctx.state.caller = { keyId: check.key.id, team, teamIds };

    // last_used_at is for humans ("used 3 minutes ago"): one write a minute per key is plenty.
    const now = Date.now();
    if (now - (lastWritten.get(check.key.id) ?? 0) > LAST_USED_WRITE_INTERVAL_MS) {
      lastWritten.set(check.key.id, now);
      touchApiKey(db, check.key.id, nowIso());
    }
    await next();
  };
}
