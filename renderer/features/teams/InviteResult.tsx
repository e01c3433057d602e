import { CopyButton } from '../../components/ui';
import type { Invitation } from './teams';

/** The station's words when no mail server is set (mail/mailer.ts): not a mail server's answer. */
const NO_MAIL_SERVER = 'Mail is not configured on this station';

/**
 * After an invitation: sent, or the accept link to pass on by hand, since the invitation is
 * recorded either way; why no mail went: no mail server is set, the mail server refused it,
 * or it waits in the outbox for the 3PL's hourly mail budget. An unmailed invitation's link
 * stays listed under Invitations until it is used (a mailed one's is not kept).
 */
export function InviteResult({ email, invitation, sent, onClose }: { email: string; invitation: Invitation | null; sent: boolean; onClose: () => void }) {
  if (sent) {
    return (
      <div className="banner banner-success" role="status">
        <span>Invitation mailed to {email}.</span>
        <button type="button" className="button button-small button-ghost" onClick={onClose}>Dismiss</button>
      </div>
    );
  }
  return (
    <div className="secret-box" role="status" aria-label="Invitation link">
      <p>
        <strong>No mail went to {email} yet.</strong> {whyNoMail(invitation)} Send them this link yourself, or wait; it works once, until{' '}
        {invitation ? new Date(invitation.expiresAt).toLocaleString() : 'it expires'}. It stays listed under Invitations until it is used.
      </p>
      {invitation?.acceptUrl && (
        <div className="secret-row">
          <code data-testid="accept-link">{invitation.acceptUrl}</code>
          <CopyButton text={invitation.acceptUrl} label="Copy link" />
        </div>
      )}
      <button type="button" className="button button-ghost" onClick={onClose}>Done</button>
    </div>
  );
}

function whyNoMail(invitation: Invitation | null): string {
  if (!invitation?.sendError || invitation.sendError === NO_MAIL_SERVER) return 'Mail is not set up (Settings → Mail).';
  if (invitation.mailQueued) return `${invitation.sendError}.`;
  return `The mail server refused it: ${invitation.sendError}.`;
}
