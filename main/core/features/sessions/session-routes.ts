import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { notFound } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { readSetting, type SettingsStore } from '../../foundations/settings/settings-store';
import { DEFAULT_SESSION_POLICY, type AdminSessions, type SessionPolicy } from './sessions';

/** `Chrome 131 on Linux`, from a User-Agent, for the sessions list. */
export function describeBrowser(userAgent: string): string {
  const browser = /(Edg|Firefox|Chrome|Safari)\/(\d+)/.exec(userAgent);
  const os = /(Windows|Mac OS X|Android|iPhone|iPad|Linux|CrOS)/.exec(userAgent);
  const name = browser ? `${browser[1] === 'Edg' ? 'Edge' : browser[1]} ${browser[2]}` : 'a browser';
  return `${name}${os ? ` on ${os[1] === 'Mac OS X' ? 'macOS' : os[1]}` : ''}`;
}

/** The configured session lifetimes; the defaults when unset or unreadable. */
export const sessionPolicy = (settings: SettingsStore): SessionPolicy => ({ ...DEFAULT_SESSION_POLICY, ...readSetting(settings, 'sessions') });

export const policyInput = z.object({
  idleHours: z.number().min(0.25, 'At least 15 minutes').max(24 * 90, 'At most 90 days'),
  absoluteHours: z.number().min(1, 'At least 1 hour').max(24 * 365, 'At most a year'),
  /** Kept as it was when left out. */
  benchIdleMinutes: z.number().int().min(1, 'At least a minute').max(24 * 60, 'At most a day').optional(),
});

/** Signed in: sign out, the station's sessions (revocable one by one), their lifetimes. */
export function sessionAdminRoutes(router: Router, sessions: AdminSessions, settings: SettingsStore): void {
  router.delete('/admin/api/session', (ctx) => {
    sessions.revoke(ctx.state.sessionId as string);
    ctx.status = 204;
  });

  // A person sees and ends their own sessions; the station admin everyone's.
  // (`everyTeam` is the guard's word for the station admin.)
  const ownOnly = (ctx: Context) => (ctx.state.everyTeam ? undefined : (ctx.state.personId ?? undefined));

  router.get('/admin/api/sessions', (ctx) => {
    ctx.body = sessions.list(ctx.state.sessionId as string, ownOnly(ctx));
  });

  router.delete('/admin/api/sessions/:id', (ctx) => {
    if (!sessions.revoke(ctx.params.id!, ownOnly(ctx))) throw notFound('No such session (it may have ended already)');
    ctx.status = 204;
  });

  router.get('/admin/api/settings/sessions', (ctx) => {
    ctx.body = sessionPolicy(settings);
  });

  router.put('/admin/api/settings/sessions', (ctx) => {
    const policy = validate(policyInput, ctx.request.body, 'The session settings are not valid');
    settings.set('sessions', { ...sessionPolicy(settings), ...policy });
    ctx.body = sessionPolicy(settings);
  });
}

