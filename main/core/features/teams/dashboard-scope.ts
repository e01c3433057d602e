import type { Context } from 'koa';
import type { Actor } from '../../foundations/actor';
import { notFound } from '../../foundations/errors';

declare module 'koa' {
  interface DefaultState {
    /**
     * The teams a dashboard request may act on: every team for the station admin, else the
     * teams where the person holds the role the operation needs (set by the dashboard's
     * guard, http/admin/guard.ts, for every signed-in operation).
     */
    teamScope?: readonly string[];
    /** True when the scope is every team (the station admin): lists need no filter. */
    everyTeam?: boolean;
    sessionId?: string;
    /** The dashboard operation being served: its summary in the table, its path, the team of the thing it names. */
    operation?: { summary: string; path: string; ownerTeam: string | null };
    /** Who is calling, as the things they do record it. */
    actor?: Actor;
    /** The signed-in person; null for the station admin's own session (login link, desktop window). */
    personId?: string | null;
    /** A bench session (badge or PIN): operator rights at most. */
    bench?: boolean;
  }
}

/**
 * The teams this dashboard request may act on: the same rule as an API key's `teamIds`
 * (a team, and a 3PL's merchants), over the teams where the person holds the role.
 * Lists filter by it and a team named in a body must be in it.
 */
export function dashboardTeams(ctx: Context): readonly string[] {
  const scope = ctx.state.teamScope;
  if (!scope) throw new Error('no team scope: the operation is not behind the dashboard guard');
  return scope;
}

/** The scope as a list filter: undefined for the station admin (every team, no filter), else the teams. */
export function dashboardTeamFilter(ctx: Context): readonly string[] | undefined {
  const scope = dashboardTeams(ctx);
  return ctx.state.everyTeam ? undefined : scope;
}

/** Whether this request may act on `teamId`. */
export const inDashboardScope = (ctx: Context, teamId: string): boolean => dashboardTeams(ctx).includes(teamId);

/** A team named in a body or query must be one this request may act on: else 404, as for a key's caller. */
export function requireDashboardTeam(ctx: Context, teamId: string): string {
  if (!inDashboardScope(ctx, teamId)) throw notFound('No team with that id in your teams');
  return teamId;
}

/** Keeps the rows of the teams this request may act on (every row for the station admin). */
export function inDashboardTeams<T>(ctx: Context, rows: T[], teamOf: (row: T) => string): T[] {
  if (ctx.state.everyTeam) return rows;
  const scope = new Set(dashboardTeams(ctx));
  return rows.filter((row) => scope.has(teamOf(row)));
}

/** Who this dashboard request acts as (set by the guard). */
export function dashboardActor(ctx: Context): Actor {
  const actor = ctx.state.actor;
  if (!actor) throw new Error('no actor: the operation is not behind the dashboard guard');
  return actor;
}
