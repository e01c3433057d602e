import { useCallback, useEffect, useState } from 'react';
import { useListAction } from '../../app/use-list-action';
import { answer, dashboard, describeError } from '../../app/api';
import { mayUse, TeamSelect, useStationInfo } from '../../app/station-info';
import { ErrorBanner, ExplainedButton, RelativeTime } from '../../components/ui';
import { HandoverLink } from './HandoverLink';
import { InviteResult } from './InviteResult';
import { isStationAdminMember, memberLabel, type Invitation, type Member } from './teams';

type Role = 'admin' | 'operator' | 'viewer';
const ROLES: Role[] = ['admin', 'operator', 'viewer'];

/** A new team (standard or 3PL) with its admin invited: the station admin's, as `station teams create` does. */
export function NewTeam() {
  const { me, reload } = useStationInfo();
  const [draft, setDraft] = useState({ name: '', type: 'standard' as 'standard' | 'three_pl', adminEmail: '' });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; email: string; invitation: Invitation | null; sent: boolean } | null>(null);
  if (!me?.stationAdmin) return null;
  async function create() {
    setError(null);
    const adminEmail = draft.adminEmail.trim();
    try {
      const result = await answer(dashboard.POST('/admin/api/teams', { body: { name: draft.name, type: draft.type, ...(adminEmail ? { adminEmail } : {}) } }));
      setCreated({ name: result.team.name, email: adminEmail, invitation: result.invitation, sent: result.invitationSent });
      setDraft({ name: '', type: 'standard', adminEmail: '' });
      reload();
    } catch (failure) {
      setError(describeError(failure));
    }
  }
  return (
    <section className="card" aria-label="New team">
      <h2>New team</h2>
      <ErrorBanner error={error} />
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label>
          Name
          <input value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} maxLength={100} placeholder="e.g. Acme Fulfilment" />
        </label>
        <label>
          Kind
          <select value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as 'standard' | 'three_pl' })}>
            <option value="standard">a shop (standard)</option>
            <option value="three_pl">a 3PL (manages merchants)</option>
          </select>
        </label>
        <label>
          The team admin’s e-mail (optional, invites them)
          <input type="email" value={draft.adminEmail} onChange={(event) => setDraft({ ...draft, adminEmail: event.target.value })} placeholder="admin@team.example" />
        </label>
        <ExplainedButton type="submit" className="button button-primary" why={draft.name.trim() ? null : 'Enter the team’s name first.'}>
          Create team
        </ExplainedButton>
      </form>
      {created && (created.email ? <InviteResult email={created.email} invitation={created.invitation} sent={created.sent} onClose={() => setCreated(null)} /> : <p role="status">Created {created.name}.</p>)}
    </section>
  );
}

/** A team's members, for its admin: role, removal, and an invitation with a role. */
export function TeamMembers() {
  const { info, me } = useStationInfo();
  const adminOf = (me?.stationAdmin ? (info?.teams ?? []).map((team) => team.id) : (me?.teams ?? []).filter((team) => team.role === 'admin').map((team) => team.teamId)) ?? [];
  const [teamId, setTeamId] = useState('');
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [invited, setInvited] = useState<{ email: string; invitation: Invitation | null; sent: boolean } | null>(null);
  useEffect(() => {
    if (!teamId && adminOf[0]) setTeamId(adminOf[0]);
  }, [adminOf, teamId]);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const load = useCallback(() => {
    if (!teamId) return;
    answer(dashboard.GET('/admin/api/teams/{teamId}/members', { params: { path: { teamId } } })).then(setMembers, (failure: unknown) => setError(describeError(failure)));
    // The invitations nobody has accepted yet: each can be sent again (a lost mail, a link that expired).
    answer(dashboard.GET('/admin/api/teams/{teamId}/invitations', { params: { path: { teamId } } })).then(
      (all) => setInvitations(all.filter((invitation) => invitation.state === 'open' || invitation.state === 'expired')),
      () => setInvitations([]),
    );
  }, [teamId]);
  /** Invites the address again with the role it was invited with: a new link, mailed when mail is set; the old link stops working. */
  const sendAgain = (invitation: Invitation) =>
    void act(async () => {
      const result = await answer(dashboard.POST('/admin/api/teams/{teamId}/invitations', { params: { path: { teamId } }, body: { email: invitation.email, role: invitation.role } }));
      setInvited({ email: invitation.email, invitation: result.invitation, sent: result.invitationSent });
    });
  useEffect(load, [load]);
  const act = useListAction(load, setError);
  if (!mayUse(me, 'admin') || adminOf.length === 0) return null;
  return (
    <section className="card" aria-label="Members">
      <h2>Members</h2>
      <label>
        Team <TeamSelect value={teamId} onChange={setTeamId} needs="admin" />
      </label>
      <ErrorBanner error={error} />
      <ul className="results">
        {members?.map((member) => (
          <li key={member.userId}>
            <strong>{memberLabel(member)}</strong>{' '}
            {isStationAdminMember(member) ? null : (
            <select
              aria-label={`${member.name}'s role`}
              value={member.role}
              onChange={(event) => void act(() => answer(dashboard.PUT('/admin/api/teams/{teamId}/members/{userId}', { params: { path: { teamId, userId: member.userId } }, body: { role: event.target.value as Role } })))}
            >
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            )}{' '}
            {member.userId !== me?.personId && !isStationAdminMember(member) && (
              <button type="button" className="button button-small button-danger" onClick={() => void act(() => answer(dashboard.DELETE('/admin/api/teams/{teamId}/members/{userId}', { params: { path: { teamId, userId: member.userId } } })))}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {invitations.length > 0 && (
        <>
          <h3>Invited, not joined yet</h3>
          <ul className="results">
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                <strong>{invitation.email}</strong> as {invitation.role}{' '}
                <span className="muted small">
                  {invitation.state === 'expired' ? 'expired' : invitation.sentAt ? 'mailed' : invitation.mailQueued ? 'waiting to be mailed' : 'not mailed'} · invited <RelativeTime at={invitation.createdAt} />
                </span>{' '}
                <button type="button" className="button button-small" aria-label={`Send the invitation to ${invitation.email} again`} onClick={() => sendAgain(invitation)}>
                  Send again
                </button>
                <HandoverLink invitation={invitation} />
              </li>
            ))}
          </ul>
        </>
      )}
      <InviteForm
        invite={async (address, chosen) => {
          let invitedNow = false;
          await act(async () => {
            const result = await answer(dashboard.POST('/admin/api/teams/{teamId}/invitations', { params: { path: { teamId } }, body: { email: address, role: chosen } }));
            setInvited({ email: address, invitation: result.invitation, sent: result.invitationSent });
            invitedNow = true;
          });
          return invitedNow;
        }}
      />
      {invited && <InviteResult email={invited.email} invitation={invited.invitation} sent={invited.sent} onClose={() => setInvited(null)} />}
    </section>
  );
}

/** Invite by e-mail with a role (operator unless chosen otherwise); the form empties once `invite` says it invited. */
export function InviteForm({ invite }: { invite: (email: string, role: Role) => Promise<boolean> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('operator');
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const address = email.trim();
        void invite(address, role).then((invited) => invited && setEmail(''));
      }}
    >
      <label>
        Invite by e-mail
        <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder="someone@team.example" />
      </label>
      <label>
        as
        <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
          <option value="admin">admin (templates, routing, keys, people)</option>
          <option value="operator">operator (orders, printing)</option>
          <option value="viewer">viewer (reads)</option>
        </select>
      </label>
      <button type="submit" className="button" disabled={!email.trim()}>
        Invite
      </button>
    </form>
  );
}
