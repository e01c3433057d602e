import type { Db } from '../../foundations/db/open';
import type { MemberRole } from './people-store';

export interface InvitationRow {
  id: string;
  team_id: string;
  email: string;
  role: MemberRole;
  /** SHA-256 hex of the token (`hashSecret`): how an invitation is found by its token. */
  token_hash: string;
  /**
   * The token itself, kept only while an invitation whose mail did not go out is open, so
   * the dashboard can show its link for a person to hand over (migration 0011).
   */
  handover_token: string | null;
  created_at: string;
  expires_at: string;
  sent_at: string | null;
  send_error: string | null;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
  /** The 3PL team whose hourly mail budget it counts against (migration 0035); null: no budget. */
  budget_team_id?: string | null;
  /** Its mail waits in the outbox since then (the budget was spent); null once handed over. */
  mail_queued_at?: string | null;
  /** When its mail was handed to the mail server (accepted or not). */
  mail_attempted_at?: string | null;
}

export function insertInvitation(db: Db, row: InvitationRow): void {
  db.prepare(
    `INSERT INTO invitations (id, team_id, email, role, token_hash, handover_token, created_at, expires_at, sent_at, send_error, accepted_at, accepted_by, revoked_at,
       budget_team_id, mail_queued_at, mail_attempted_at)
     VALUES (@id, @team_id, @email, @role, @token_hash, @handover_token, @created_at, @expires_at, @sent_at, @send_error, @accepted_at, @accepted_by, @revoked_at,
       @budget_team_id, @mail_queued_at, @mail_attempted_at)`,
  ).run({ budget_team_id: null, mail_queued_at: null, mail_attempted_at: null, ...row });
}

/** A newer invitation replaces the open ones for the same address, so only one link works. */
export function revokeOpenInvitations(db: Db, teamId: string, email: string, at: string): void {
  db.prepare('UPDATE invitations SET revoked_at = ?, handover_token = NULL WHERE team_id = ? AND email = ? AND accepted_at IS NULL AND revoked_at IS NULL').run(
    at,
    teamId,
    email,
  );
}

export function getInvitation(db: Db, id: string): InvitationRow | undefined {
  return db.prepare('SELECT * FROM invitations WHERE id = ?').get(id) as InvitationRow | undefined;
}

export function findInvitationByTokenHash(db: Db, tokenHash: string): InvitationRow | undefined {
  return db.prepare('SELECT * FROM invitations WHERE token_hash = ?').get(tokenHash) as InvitationRow | undefined;
}

export function listInvitations(db: Db, teamId: string): InvitationRow[] {
  return db.prepare('SELECT * FROM invitations WHERE team_id = ? ORDER BY created_at DESC, rowid DESC').all(teamId) as InvitationRow[];
}

export function recordInvitationSent(db: Db, id: string, at: string): void {
  db.prepare('UPDATE invitations SET sent_at = ?, send_error = NULL WHERE id = ?').run(at, id);
}

/** The mail did not go out: keep the token so the dashboard can show the link to hand over. */
export function recordInvitationSendError(db: Db, id: string, error: string, token: string): void {
  db.prepare('UPDATE invitations SET send_error = ?, handover_token = ? WHERE id = ?').run(error.slice(0, 500), token, id);
}

/** Single use: only an open, unexpired invitation is accepted, once. */
export function markInvitationAccepted(db: Db, id: string, userId: string, at: string): boolean {
  return (
    db
      .prepare('UPDATE invitations SET accepted_at = ?, accepted_by = ?, handover_token = NULL WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?')
      .run(at, userId, id, at).changes === 1
  );
}

/** How many invitation mails counted against a 3PL's budget were handed to the mail server since `since`. */
export function mailsAttemptedSince(db: Db, budgetTeamId: string, since: string): number {
  return db.prepare('SELECT COUNT(*) FROM invitations WHERE budget_team_id = ? AND mail_attempted_at > ?').pluck().get(budgetTeamId, since) as number;
}

/** The oldest such mail of the last `since`: when the budget frees one place. */
export function oldestAttemptSince(db: Db, budgetTeamId: string, since: string): string | undefined {
  return db.prepare('SELECT min(mail_attempted_at) FROM invitations WHERE budget_team_id = ? AND mail_attempted_at > ?').pluck().get(budgetTeamId, since) as string | undefined;
}

/** Invitations whose mail waits in the outbox, oldest first (a replaced, accepted or expired one no longer waits). */
export function queuedInvitations(db: Db, now: string): InvitationRow[] {
  return db
    .prepare('SELECT * FROM invitations WHERE mail_queued_at IS NOT NULL AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY mail_queued_at, rowid')
    .all(now) as InvitationRow[];
}

/** The mail is being handed to the mail server now: out of the outbox, counted in the budget. */
export function markMailAttempted(db: Db, id: string, at: string): void {
  db.prepare('UPDATE invitations SET mail_queued_at = NULL, mail_attempted_at = ? WHERE id = ?').run(at, id);
}

/** The mail waits: the outbox keeps the token (to mail it later) and the dashboard shows the link meanwhile. */
export function queueInvitationMail(db: Db, id: string, at: string, reason: string, token: string): void {
  db.prepare('UPDATE invitations SET mail_queued_at = ?, send_error = ?, handover_token = ? WHERE id = ?').run(at, reason, token, id);
}

/** Mailed at last: the token is no longer kept (only its hash), as for one mailed at once. */
export function recordQueuedMailSent(db: Db, id: string, at: string): void {
  db.prepare('UPDATE invitations SET sent_at = ?, send_error = NULL, handover_token = NULL WHERE id = ?').run(at, id);
}
