import { expect } from 'vitest';
import type { RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import type { MemberRole } from '../../../main/core/features/teams/people-store';

export const PASSWORD = 'correct horse battery staple';

/** A person as a test holds them: who, and a signed-in session's token. */
export interface SignedIn {
  id: string;
  email: string;
  token: string;
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/** `/admin/api` with a session token (each answer checked against the dashboard API's description). */
export const withSession = (s: RunningStation, token: string) => (path: string, init: RequestInit & { json?: unknown } = {}) =>
  s.call(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });

/** A station admin invites `email` to a team with a role, through the dashboard API (no mail set: the link is in the answer). */
export async function invite(s: RunningStation, teamId: string, email: string, role: MemberRole): Promise<string> {
  const response = await adminClient(s).call(`/admin/api/teams/${teamId}/invitations`, { json: { email, role } });
  expect(response.status).toBe(201);
  const { invitation } = (await response.json()) as { invitation: { acceptUrl: string } };
  return invitation.acceptUrl.replace(/^.*\/invitations\//, '');
}

/** Signs in with e-mail and password: the session token (or the failed answer's status). */
export async function signIn(s: RunningStation, email: string, password = PASSWORD): Promise<{ status: number; token?: string; body: unknown }> {
  const response = await s.call('/admin/api/session', { json: { email, password } });
  const body = (await response.json()) as { sessionToken?: string };
  return { status: response.status, token: body.sessionToken, body };
}

/** Invited, accepted with a password through the API, then signed in with it: the whole walk. */
export async function joinAs(s: RunningStation, teamId: string, email: string, role: MemberRole, name = email.split('@')[0]!): Promise<SignedIn> {
  const token = await invite(s, teamId, email, role);
  const accepted = await s.call('/admin/api/invitations/accept', { json: { token, password: PASSWORD, name } });
  expect(accepted.status).toBe(200);
  const { userId } = (await accepted.json()) as { userId: string };
  const session = await signIn(s, email);
  expect(session.status).toBe(201);
  return { id: userId, email, token: session.token!, call: withSession(s, session.token!) };
}

/** A bench made by the station admin and a screen paired with it: the header that screen sends on every request. */
export async function pairedScreen(s: RunningStation, name: string): Promise<Record<string, string>> {
  const admin = adminClient(s);
  const bench = await admin.call('/admin/api/benches', { json: { name } });
  expect(bench.status).toBe(201);
  const { id } = (await bench.json()) as { id: string };
  const { code } = (await (await admin.call(`/admin/api/benches/${id}/pairing-code`, { method: 'POST' })).json()) as { code: string };
  const paired = await s.call('/admin/api/bench-screen', { json: { code } });
  expect(paired.status).toBe(201);
  return { 'X-Station-Bench': ((await paired.json()) as { benchToken: string }).benchToken };
}
