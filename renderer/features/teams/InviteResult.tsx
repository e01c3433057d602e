import { useEffect, useState } from 'react';
import { api } from '../../app/api';
import { CopyButton } from '../../components/ui';
import type { Invitation } from './teams';

/**
 * After an invitation: sent, or (no mail settings, or the server refused) the accept link
 * to pass on by hand, since the invitation is recorded either way.
 */
export function InviteResult({ teamId, email, sent, onClose }: { teamId: string; email: string; sent: boolean; onClose: () => void }) {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  useEffect(() => {
    if (sent) return;
    void api<Invitation[]>(`/teams/${encodeURIComponent(teamId)}/invitations`).then((list) => setInvitation(list.find((item) => item.email === email && item.state === 'open') ?? null), () => {});
  }, [teamId, email, sent]);
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
        this link yourself; it works once, for 7 days.
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
