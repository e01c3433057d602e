import { CopyButton } from '../../components/ui';
import type { Invitation } from './teams';

/**
 * An open invitation whose mail did not go out: why, and its link to hand over until it is
 * used or expires (the station keeps it for that; a mailed invitation's link is not kept).
 */
export function HandoverLink({ invitation }: { invitation: Invitation }) {
  if (invitation.state !== 'open' || invitation.sentAt) return null;
  return (
    <>
      <div className="muted small">
        {invitation.sendError ? `${invitation.sendError}. ` : ''}
        {invitation.acceptUrl ? `Hand this link over (it works until ${new Date(invitation.expiresAt).toLocaleString()}):` : 'Its link was shown once, when it was made.'}
      </div>
      {invitation.acceptUrl && (
        <div className="secret-row small">
          <code>{invitation.acceptUrl}</code>
          <CopyButton text={invitation.acceptUrl} label="Copy link" />
        </div>
      )}
    </>
  );
}
