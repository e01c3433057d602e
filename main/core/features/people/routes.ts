import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { describeBrowser } from '../sessions/session-routes';
import type { AdminSessions } from '../sessions/sessions';
import { MEMBER_ROLES } from '../teams/people-store';
import type { Db } from '../../foundations/db/open';
import { getTeam } from '../teams/store';
import { dashboardCaller } from './dashboard-caller';
import { badgeSchema, newPinSchema, passwordSchema, pinSchema } from './password-rules';
import { addressOf } from '../net/client-address';
import type { RequestRate } from '../../foundations/secret-throttle';
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
const currentPassword = z.string().min(1).max(200);
export const pinBody = z.strictObject({ currentPassword, pin: newPinSchema });
/** One's own badge, a passkey's challenge: the current password confirms who asks. */
export const confirmBody = z.strictObject({ currentPassword });
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
  hooks: {
    signedIn?: (ctx: Context, sessionToken: string) => void;
    /** Whether the request comes from a paired bench screen (a PIN signs in only there). */
    atPairedScreen?: (ctx: Context) => boolean;
    passkeys?: Passkeys;
    /** Passkey challenges are made and kept before anyone is known: paced per address. */
    passkeyOptionsRate?: RequestRate;
  } = {},
): void {
  router.post('/admin/api/session', async (ctx) => {
    const body = validate(signInBody, ctx.request.body, 'Sign in with {email, password}, {loginToken}, {badge}, {email, pin} or {passkey}');
    const label = describeBrowser(ctx.get('user-agent'));
    const address = addressOf(ctx);
    let sessionToken: string;
    if ('passkey' in body) {
      if (!hooks.passkeys) throw unauthorized('Passkeys are not offered here');
      sessionToken = await hooks.passkeys.signIn(body.passkey as never, passkeySite(ctx.get('origin') || undefined, ctx.host), address, label);
    } else if ('badge' in body) sessionToken = people.signInWithBadge(body.badge, address, `bench: ${label}`);
    else if ('pin' in body) sessionToken = await people.signInWithPin(body.email, body.pin, address, `bench: ${label}`, hooks.atPairedScreen?.(ctx) === true);
    else if ('loginToken' in body) {
      const exchanged = sessions.exchangeLoginToken(body.loginToken, label);
      if (!exchanged) throw unauthorized('This login link was already used or has expired; run `station login` (or restart the station) for a new one');
      sessionToken = exchanged;
    } else sessionToken = await people.signIn(body.email, body.password, address, label);
    // A screen paired with a bench: the session is that bench's (who is signed in where).
    hooks.signedIn?.(ctx, sessionToken);
    ctx.status = 201;
    ctx.body = { sessionToken };
  });

  /** The challenge to sign in with a passkey: any passkey made for this host name. */
  router.post('/admin/api/session/passkey-options', async (ctx) => {
    if (!hooks.passkeys) throw unauthorized('Passkeys are not offered here');
    hooks.passkeyOptionsRate?.take(addressOf(ctx));
    ctx.body = await hooks.passkeys.signInOptions(passkeySite(ctx.get('origin') || undefined, ctx.host));
  });

  router.post('/admin/api/invitations/accept', async (ctx) => {
    const { token, password, name } = validate(acceptInvitationBody, ctx.request.body, 'The acceptance is not valid');
    ctx.body = await people.acceptInvitation(token, password, name, addressOf(ctx));
  });

  router.post('/admin/api/password-reset', async (ctx) => {
    const { token, password } = validate(passwordResetBody, ctx.request.body, 'The new password is not valid');
    ctx.body = await people.useReset(token, password, addressOf(ctx));
  });
}

/** Where a check of one's own password happens: the address it is throttled by, the session that ends when it fails too often. */
const atSession = (ctx: Context) => ({ address: addressOf(ctx), sessionId: ctx.state.sessionId! });

/** The signed-in person; the station admin's own session (login link, desktop window) is no person's. */
function ownPerson(ctx: Context, what: string): string {
  const personId = ctx.state.personId;
  if (!personId) throw forbidden(`The station admin’s own session is no person’s: sign in as a person ${what}`);
  return personId;
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
    await people.changePassword(ownPerson(ctx, 'to change their password'), currentPassword, newPassword, atSession(ctx));
    ctx.status = 204;
  });

  router.put('/admin/api/me/pin', async (ctx) => {
    const { currentPassword, pin } = validate(pinBody, ctx.request.body, 'The PIN is not valid');
    await people.setPin(ownPerson(ctx, 'to set their PIN'), currentPassword, pin, atSession(ctx));
    ctx.status = 204;
  });

  router.post('/admin/api/me/badge', async (ctx) => {
    const { currentPassword } = validate(confirmBody, ctx.request.body, 'Give your current password to make a badge');
    const personId = ownPerson(ctx, 'for their badge');
    if (ctx.state.bench) throw forbidden('A badge is made from a signed-in session with a password, not at the bench');
    ctx.status = 201;
    ctx.body = await people.issueOwnBadge(personId, currentPassword, atSession(ctx));
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
  router.get('/admin/api/people/:userId/credentials', (ctx) => {
    ctx.body = people.credentialsOf(ctx.params.userId!);
  });
  router.delete('/admin/api/people/:userId/badge', (ctx) => {
    people.removeBadge(ctx.params.userId!);
    ctx.status = 204;
  });
  router.delete('/admin/api/people/:userId/pin', (ctx) => {
    people.removePin(ctx.params.userId!);
    ctx.status = 204;
  });
  router.delete('/admin/api/people/:userId/passkeys/:passkeyId', (ctx) => {
    people.removePasskey(ctx.params.userId!, ctx.params.passkeyId!);
    ctx.status = 204;
  });
  router.post('/admin/api/people/:userId/sign-out', (ctx) => {
    ctx.body = people.signOutEverywhere(ctx.params.userId!);
  });
  router.post('/admin/api/people/:userId/lift-lockout', (ctx) => {
    ctx.body = people.liftLockout(ctx.params.userId!);
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
export const credentialsAnswer = z.strictObject({
  badge: z.strictObject({ issuedAt: z.string().nullable() }).nullable(),
  pin: z.strictObject({ setAt: z.string().nullable() }).nullable(),
  passkeys: z.array(z.strictObject({ id: z.string(), name: z.string(), host: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
  sessions: z.number().int(),
});
export const signedOutAnswer = z.strictObject({ sessions: z.number().int(), badge: z.boolean(), pin: z.boolean(), passkeys: z.number().int() });
export const lockoutLiftedAnswer = z.strictObject({ lifted: z.number().int() });
export const resetLinkAnswer = z.strictObject({ resetUrl: z.string(), expiresAt: z.string(), mailed: z.boolean(), mailError: z.string().nullable() });
export const passwordResetAnswer = z.strictObject({ loginToken: z.string(), email: z.string() });
