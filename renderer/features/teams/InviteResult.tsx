import { CopyButton } from '../../components/ui';
import type { Invitation } from './teams';

/**
 * After an invitation: sent, or (no mail settings, or the server refused) the accept link
 * to pass on by hand, since the invitation is recorded either way. The link comes from the
 * answer that created the invitation and is shown only here: the station keeps only a hash
 * of its token, so it cannot show the link again (inviting again gives a new one).
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
        <strong>No mail went to {email}.</strong> {invitation?.sendError ? `The mail server said: ${invitation.sendError}.` : 'Mail is not set up (Settings → Mail).'} Send them
        this link yourself; it works once, for 7 days. It is shown only now: copy it before you close this.
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
