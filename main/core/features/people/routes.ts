import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { describeBrowser } from '../sessions/session-routes';
import type { AdminSessions } from '../sessions/sessions';
import { MEMBER_ROLES } from '../teams/users-store';
import type { Db } from '../../foundations/db/open';
import { getTeam } from '../teams/store';
import { dashboardCaller } from './dashboard-caller';
import { badgeSchema, passwordSchema, pinSchema } from './password-rules';
import type { PeopleService } from './people';
import { passkeyResponseJson, passkeySite, type Passkeys } from './passkeys';

const email = z.string().trim().min(3).max(254);

/**
 * POST /admin/api/session: a one-time login link's token, an e-mail and password, or at a
 * bench a scanned badge or an e-mail and PIN (a bench session: operator rights at most).
 */
export const signInBody = z.union([
  z.strictObject({ loginToken: z.string().min(1).max(200) }),
  z.strictObject({ email, password: z.string().min(1).max(200) }),
  z.strictObject({ badge: badgeSchema }),
  z.strictObject({ email, pin: pinSchema }),
  // A passkey's signed challenge (navigator.credentials.get's answer, WebAuthn's JSON form).
  z.strictObject({ passkey: passkeyResponseJson }),
]);
export const pinBody = z.strictObject({ currentPassword: z.string().min(1).max(200), pin: pinSchema });
/** POST /admin/api/invitations/accept: the invitation's token, a password (a new person's, or the one they have), a name. */
export const acceptInvitationBody = z.strictObject({ token: z.string().min(1).max(200), password: passwordSchema, name: z.string().trim().min(1).max(100).optional() });
export const passwordResetBody = z.strictObject({ token: z.string().min(1).max(200), password: passwordSchema });
export const changePasswordBody = z.strictObject({ currentPassword: z.string().min(1).max(200), newPassword: passwordSchema });
export const memberRoleBody = z.strictObject({ role: z.enum(MEMBER_ROLES) });

/** Signing in, joining by invitation, a reset link: the dashboard's public operations. */
export function peoplePublicRoutes(
  router: Router,
  sessions: AdminSessions,
  people: PeopleService,
  hooks: { signedIn?: (ctx: Context, sessionToken: string) => void; passkeys?: Passkeys } = {},
): void {
  router.post('/admin/api/session', async (ctx) => {
    const body = validate(signInBody, ctx.request.body, 'Sign in with {email, password}, {loginToken}, {badge}, {email, pin} or {passkey}');
    const label = describeBrowser(ctx.get('user-agent'));
    let sessionToken: string;
    if ('passkey' in body) {
      if (!hooks.passkeys) throw unauthorized('Passkeys are not offered here');
      sessionToken = await hooks.passkeys.signIn(body.passkey as never, passkeySite(ctx.get('origin') || undefined, ctx.host), ctx.ip, label);
    } else if ('badge' in body) sessionToken = people.signInWithBadge(body.badge, ctx.ip, `bench: ${label}`);
    else if ('pin' in body) sessionToken = await people.signInWithPin(body.email, body.pin, ctx.ip, `bench: ${label}`);
    else if ('loginToken' in body) {
      const exchanged = sessions.exchangeLoginToken(body.loginToken, label);
      if (!exchanged) throw unauthorized('This login link was already used or has expired; run `station login` (or restart the station) for a new one');
      sessionToken = exchanged;
    } else sessionToken = await people.signIn(body.email, body.password, ctx.ip, label);
    // A screen paired with a bench: the session is that bench's (who is signed in where).
    hooks.signedIn?.(ctx, sessionToken);
    ctx.status = 201;
    ctx.body = { sessionToken };
  });

  /** The challenge to sign in with a passkey: any passkey made for this host name. */
  router.post('/admin/api/session/passkey-options', async (ctx) => {
    if (!hooks.passkeys) throw unauthorized('Passkeys are not offered here');
    ctx.body = await hooks.passkeys.signInOptions(passkeySite(ctx.get('origin') || undefined, ctx.host));
  });

  router.post('/admin/api/invitations/accept', async (ctx) => {
    const { token, password, name } = validate(acceptInvitationBody, ctx.request.body, 'The acceptance is not valid');
    ctx.body = await people.acceptInvitation(token, password, name, ctx.ip);
  });

  router.post('/admin/api/password-reset', async (ctx) => {
    const { token, password } = validate(passwordResetBody, ctx.request.body, 'The new password is not valid');
    ctx.body = await people.useReset(token, password);
  });
}

/** One's own account, the People list (station admin), a team's members (its admin). */
export function peopleAdminRoutes(router: Router, db: Db, people: PeopleService): void {
  const teamName = (teamId: string) => getTeam(db, teamId)?.name ?? '';
  router.get('/admin/api/me', (ctx) => {
    const caller = dashboardCaller(db, ctx.state.sessionId!, ctx.state.personId ?? null, ctx.state.bench === true);
    const person = caller.personId ? people.view(caller.personId) : null;
    const names = new Map((person?.teams ?? []).map((team) => [team.teamId, team.teamName]));
    ctx.body = {
      personId: caller.personId,
      name: person?.name ?? 'Station admin',
      email: person?.email ?? null,
      stationAdmin: caller.stationAdmin,
      // At a bench, the rights the session has (operator at most), not the person's.
      bench: ctx.state.bench === true,
      teams: ctx.state.bench ? caller.memberships.map((m) => ({ teamId: m.teamId, teamName: names.get(m.teamId) ?? teamName(m.teamId), role: m.role })) : (person?.teams ?? []),
    };
  });

  router.put('/admin/api/me/password', async (ctx) => {
    const { currentPassword, newPassword } = validate(changePasswordBody, ctx.request.body, 'The new password is not valid');
    const personId = ctx.state.personId;
    if (!personId) throw forbidden('The station admin’s own session has no password: sign in as a person to change theirs');
    await people.changePassword(personId, currentPassword, newPassword, ctx.state.sessionId!);
    ctx.status = 204;
  });

  router.put('/admin/api/me/pin', async (ctx) => {
    const { currentPassword, pin } = validate(pinBody, ctx.request.body, 'The PIN is not valid');
    const personId = ctx.state.personId;
    if (!personId) throw forbidden('The station admin’s own session is no person’s: sign in as a person to set their PIN');
    await people.setPin(personId, currentPassword, pin);
    ctx.status = 204;
  });

  router.post('/admin/api/me/badge', (ctx) => {
    const personId = ctx.state.personId;
    if (!personId) throw forbidden('The station admin’s own session is no person’s: sign in as a person for their badge');
    if (ctx.state.bench) throw forbidden('A badge is made from a signed-in session with a password, not at the bench');
    ctx.status = 201;
    ctx.body = people.issueBadge(personId);
  });

  router.post('/admin/api/people/:userId/badge', (ctx) => {
    ctx.status = 201;
    ctx.body = people.issueBadge(ctx.params.userId!);
  });

  router.get('/admin/api/people', (ctx) => {
    ctx.body = people.list();
  });
  router.post('/admin/api/people/:userId/disable', (ctx) => {
    if (ctx.params.userId === ctx.state.personId) throw forbidden('You cannot disable yourself');
    ctx.body = people.disable(ctx.params.userId!);
  });
  router.post('/admin/api/people/:userId/enable', (ctx) => {
    ctx.body = people.enable(ctx.params.userId!);
  });
  router.post('/admin/api/people/:userId/reset', async (ctx) => {
    ctx.status = 201;
    ctx.body = await people.createReset(ctx.params.userId!);
  });

  router.put('/admin/api/teams/:teamId/members/:userId', (ctx) => {
    const { role } = validate(memberRoleBody, ctx.request.body, 'The role is not valid');
    ctx.body = people.setRole(ctx.params.teamId!, ctx.params.userId!, role);
  });
  router.delete('/admin/api/teams/:teamId/members/:userId', (ctx) => {
    people.removeMember(ctx.params.teamId!, ctx.params.userId!);
    ctx.status = 204;
  });
}

/** What these operations answer, as zod. */
const personTeamAnswer = z.strictObject({ teamId: z.string(), teamName: z.string(), role: z.enum(MEMBER_ROLES) });
export const personAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  stationAdmin: z.boolean(),
  disabled: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  teams: z.array(personTeamAnswer),
});
export const meAnswer = z.strictObject({
  personId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  stationAdmin: z.boolean(),
  bench: z.boolean(),
  teams: z.array(personTeamAnswer),
});
export const badgeAnswer = z.strictObject({ badge: z.string() });
export const resetLinkAnswer = z.strictObject({ resetUrl: z.string(), expiresAt: z.string(), mailed: z.boolean(), mailError: z.string().nullable() });
export const passwordResetAnswer = z.strictObject({ loginToken: z.string(), email: z.string() });
