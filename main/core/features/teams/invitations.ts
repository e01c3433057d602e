import { randomBytes } from 'node:crypto';
import { singleLine } from '../../foundations/text';
import type { Db } from '../../foundations/db/open';
import { notFound, StationError } from '../../foundations/errors';
import { hashSecret } from '../../foundations/hash-secret';
import { newId, nowIso } from '../../foundations/ids';
import type { MailResult, Mailer } from '../mail/mailer';
import {
  findInvitationByTokenHash,
  getInvitation,
  insertInvitation,
  listInvitations,
  markInvitationAccepted,
  recordInvitationSendError,
  mailsAttemptedSince,
  oldestAttemptSince,
  queuedInvitations,
  markMailAttempted,
  queueInvitationMail,
  recordQueuedMailSent,
  revokeOpenInvitations,
  type InvitationRow,
} from './invitations-store';
import { completeOnboardingTask } from './onboarding';
import { userForEmail } from './service';
import { getTeam } from './store';
import { addMembership, type MemberRole } from './people-store';

const invitationClosed = () => new StationError('gone', 'invitation_closed', 'This invitation was already used, replaced by a newer one, or has expired; ask for a new one');

const HOUR_MS = 3600_000;

/** A 3PL team's hourly budget of invitation mails (Settings → Limits). */
export interface MailBudget {
  teamId: string;
  perHour: number;
}

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

export interface InvitationsDeps {
  db: Db;
  mailer: Mailer;
  /** Base of accept links: the configured public address, else where the station listens. */
  linkBaseUrl: () => string;
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

export function createInvitationsService({ db, mailer, linkBaseUrl }: InvitationsDeps) {
  const acceptUrl = (token: string) => `${linkBaseUrl()}/invitations/${token}`;

  function view(row: InvitationRow) {
    const state = row.accepted_at ? 'accepted' : row.revoked_at ? 'replaced' : row.expires_at <= nowIso() ? 'expired' : 'open';
    return {
      id: row.id,
      teamId: row.team_id,
      email: row.email,
      role: row.role,
      state,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      sentAt: row.sent_at,
      sendError: row.send_error,
      /** Its mail waits in the outbox for the 3PL's hourly budget (sendError says until when). */
      mailQueued: Boolean(row.mail_queued_at) && state === 'open',
      acceptedAt: row.accepted_at,
      acceptedBy: row.accepted_by,
      // A mailed invitation keeps only its token's hash, so its link is shown once, in the
      // answer that creates it; one whose mail did not go out keeps its link for a person to
      // hand over until it is accepted or replaced.
      acceptUrl: state === 'open' && row.handover_token ? acceptUrl(row.handover_token) : null,
    };
  }

  const findByTokenRow = (token: string) => findInvitationByTokenHash(db, hashSecret(token));

  /**
   * Records an invitation, then mails its link. The invitation stands whether or not the
   * mail goes out; `sent` is true only when the SMTP server accepted the message. The
   * returned invitation carries `acceptUrl`. The token is stored hashed, like an API key;
   * only when the mail did not go out (or waits) is the token itself kept (`handover_token`)
   * so the dashboard can show the link until someone uses it. Inviting again gives a fresh link.
   *
   * `budget`: a 3PL's invitations count against its hourly mail budget. Past it the mail
   * waits in the outbox (`queued`), and goes out as the budget frees (`drainOutbox`).
   */
  async function invite(teamId: string, email: string, role: MemberRole = 'admin', budget?: MailBudget) {
    const team = getTeam(db, teamId);
    if (!team) throw notFound('No team with that id');
    const at = nowIso();
    const token = randomBytes(32).toString('base64url');
    const link = acceptUrl(token);
    const row: InvitationRow = {
      id: newId(),
      team_id: teamId,
      email,
      role,
      token_hash: hashSecret(token),
      handover_token: null,
      created_at: at,
      expires_at: new Date(Date.parse(at) + INVITATION_TTL_MS).toISOString(),
      sent_at: null,
      send_error: null,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
      budget_team_id: budget?.teamId ?? null,
    };
    db.transaction(() => {
      revokeOpenInvitations(db, teamId, email, at);
      insertInvitation(db, row);
    }).immediate();

    // Checked and counted in one synchronous step: two invitations at once cannot both take the last place.
    if (budget && !budgetHasRoom(budget)) {
      queueInvitationMail(db, row.id, at, queuedReason(budget), token);
      return { invitation: { ...view(getInvitation(db, row.id)!), acceptUrl: link }, sent: false, queued: true };
    }
    const result = await mailInvitation(row, token);
    return { invitation: { ...view(getInvitation(db, row.id)!), acceptUrl: link }, sent: result.accepted, queued: false };
  }

  function budgetHasRoom(budget: MailBudget): boolean {
    return mailsAttemptedSince(db, budget.teamId, new Date(Date.now() - HOUR_MS).toISOString()) < budget.perHour;
  }

  /** "Waits for the 3PL's hourly mail budget (30 an hour); goes out from 14:02 UTC." */
  function queuedReason(budget: MailBudget): string {
    const oldest = oldestAttemptSince(db, budget.teamId, new Date(Date.now() - HOUR_MS).toISOString());
    const from = oldest ? new Date(Date.parse(oldest) + HOUR_MS).toISOString() : nowIso();
    return `Waiting in the outbox for the 3PL team's hourly mail budget (${budget.perHour} an hour); it goes out from ${from}`;
  }

  /** Hands an invitation's mail to the mail server (counted in its budget from now). */
  async function mailInvitation(row: InvitationRow, token: string): Promise<MailResult> {
    markMailAttempted(db, row.id, nowIso());
    const team = getTeam(db, row.team_id);
    // A name written before names were kept to one line still reaches the mail as one.
    const teamName = singleLine(team?.name ?? '');
    const link = acceptUrl(token);
    const message = {
      to: row.email,
      subject: `You are invited to ${teamName} on Order Print Station`,
      text: [
        `You are invited to join the team "${teamName}" on Order Print Station as ${row.role}.`,
        '',
        `Accept the invitation: ${link}`,
        '',
        `On the station itself you can also run: station invitations accept --token ${token}`,
        `The invitation expires on ${row.expires_at} and works once.`,
      ].join('\n'),
    };
    // Mail trouble (even unreadable settings) never fails an invitation already recorded.
    // (A mailer that throws instead of rejecting is caught too: the call runs inside the chain.)
    const result: MailResult = await Promise.resolve()
      .then(() => mailer.send(message))
      .catch((error: unknown) => ({ accepted: false, reason: (error as Error).message }));
    if (result.accepted) recordQueuedMailSent(db, row.id, nowIso());
    else recordInvitationSendError(db, row.id, result.reason, token);
    return result;
  }

  /**
   * Sends the outbox's mails whose 3PL budget has room again, oldest first; how many went
   * to the mail server. The station runs it every minute (and a restart finds the outbox
   * as it was: it is the invitations table).
   */
  let draining: Promise<number> | undefined;
  function drainOutbox(perHour: () => number): Promise<number> {
    // One drain at a time: two would both read a mail as waiting and send it twice.
    draining ??= drainOnce(perHour).finally(() => (draining = undefined));
    return draining;
  }

  async function drainOnce(perHour: () => number): Promise<number> {
    let handed = 0;
    for (const row of queuedInvitations(db, nowIso())) {
      if (!row.handover_token) continue;
      const budget = { teamId: row.budget_team_id ?? '', perHour: perHour() };
      if (row.budget_team_id && !budgetHasRoom(budget)) {
        queueInvitationMail(db, row.id, row.mail_queued_at!, queuedReason(budget), row.handover_token);
        continue;
      }
      await mailInvitation(row, row.handover_token);
      handed++;
    }
    return handed;
  }

  /**
   * Accepts an invitation by its token: the invited user (created if new) joins the team.
   * `joining` runs in the same transaction, before the membership (people/people.ts sets
   * the password there), so an invitation is used up only together with what it needs.
   */
  function accept(token: string, name?: string, joining?: (userId: string) => void) {
    const row = findByTokenRow(token);
    if (!row) throw notFound('No invitation with that token');
    return db.transaction(() => {
      const at = nowIso();
      const user = userForEmail(db, row.email, name);
      if (!markInvitationAccepted(db, row.id, user.id, at)) throw invitationClosed();
      joining?.(user.id);
      addMembership(db, row.team_id, user.id, row.role, at);
      completeOnboardingTask(db, row.team_id, 'invite_merchant_admin', user.id, at);
      return { teamId: row.team_id, userId: user.id, name: user.name, email: user.email, role: row.role };
    }).immediate();
  }

  /** The open invitation with this token: 404 for none, 410 for one already used, replaced or expired. */
  function openInvitation(token: string): InvitationRow {
    const row = findByTokenRow(token);
    if (!row) throw notFound('No invitation with that token');
    if (view(row).state !== 'open') throw invitationClosed();
    return row;
  }

  function findByToken(token: string) {
    const row = findByTokenRow(token);
    return row ? { ...view(row), teamName: getTeam(db, row.team_id)?.name ?? '' } : undefined;
  }

  return { invite, drainOutbox, accept, openInvitation, findByToken, list: (teamId: string) => listInvitations(db, teamId).map(view) };
}
