import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { TeamSelect, useStationInfo } from '../../app/station-info';
import { InviteForm } from '../teams/TeamPeople';
import { InviteResult } from '../teams/InviteResult';
import type { Invitation } from '../teams/teams';
import { useListAction } from '../../app/use-list-action';
import { CopyButton, ErrorBanner, TableScroll } from '../../components/ui';
import { BadgeCard } from './BadgeCard';
import { PersonCredentials } from './PersonCredentials';

type Person = Schemas['Person'];
const ROLES = ['admin', 'operator', 'viewer'] as const;

/** Everyone who can sign in (a station admin's view): their teams and roles, disable, reset link. */
export function PeopleSettings() {
  const { me } = useStationInfo();
  const [people, setPeople] = useState<Person[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [badge, setBadge] = useState<{ name: string; badge: string } | null>(null);
  const [reset, setReset] = useState<{ email: string; url: string; mailed: boolean; expiresAt: string } | null>(null);
  const [inviteTeam, setInviteTeam] = useState('');
  const [invited, setInvited] = useState<{ email: string; invitation: Invitation | null; sent: boolean } | null>(null);

  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/people')).then(setPeople, (failure: unknown) => setError(describeError(failure)));
  }, []);
  useEffect(load, [load]);
  const act = useListAction(load, setError);

  const path = (person: Person) => ({ params: { path: { userId: person.id } } });

  return (
    <section className="card" aria-label="People">
      <h2>People</h2>
      <p className="muted">
        Everyone who can sign in to this station, with their role in each team. Disabling a person, a password reset or "Sign out everywhere"
        ends their sessions, badge, PIN and passkeys at once. Invitations not yet accepted are on the Teams page (Members), to send again.
      </p>
      <ErrorBanner error={error} />
      <div className="row">
        <label>
          Invite to <TeamSelect value={inviteTeam} onChange={setInviteTeam} />
        </label>
        {inviteTeam && (
          <InviteForm
            invite={async (email, role) => {
              let invitedNow = false;
              await act(async () => {
                const result = await answer(dashboard.POST('/admin/api/teams/{teamId}/invitations', { params: { path: { teamId: inviteTeam } }, body: { email, role } }));
                setInvited({ email, invitation: result.invitation, sent: result.invitationSent });
                invitedNow = true;
              });
              return invitedNow;
            }}
          />
        )}
      </div>
      {invited && <InviteResult email={invited.email} invitation={invited.invitation} sent={invited.sent} onClose={() => setInvited(null)} />}
      {reset && (
        <div className="banner banner-success" role="status">
          {reset.mailed ? `A reset link was mailed to ${reset.email}. ` : `Hand this link to ${reset.email} (it was not mailed): `}
          <code>{reset.url}</code> <CopyButton text={reset.url} /> It works once, until {new Date(reset.expiresAt).toLocaleString()}.
        </div>
      )}
      {badge && <BadgeCard badge={badge.badge} name={badge.name} owner="theirs" />}
      {people && (
        <TableScroll label="People table">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Teams and roles</th>
                <th scope="col">State</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.id}>
                  <td>
                    {person.name}
                    <div className="muted small">{person.email}</div>
                  </td>
                  <td>
                    {person.stationAdmin && <div>station admin</div>}
                    {person.teams.map((team) => (
                      <label key={team.teamId} className="role-line">
                        {team.teamName}{' '}
                        <select
                          aria-label={`${person.name}'s role in ${team.teamName}`}
                          value={team.role}
                          onChange={(event) =>
                            void act(() =>
                              answer(dashboard.PUT('/admin/api/teams/{teamId}/members/{userId}', { params: { path: { teamId: team.teamId, userId: person.id } }, body: { role: event.target.value as (typeof ROLES)[number] } })),
                            )
                          }
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {role}
                            </option>
                          ))}
                        </select>
                      </label>
                    ))}
                  </td>
                  <td>
                    {person.disabled ? 'disabled' : person.hasPassword ? 'can sign in' : 'no password yet'}
                    <PersonCredentials person={person} />
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() =>
                        void act(async () => {
                          const link = await answer(dashboard.POST('/admin/api/people/{userId}/reset', path(person)));
                          setReset({ email: person.email ?? person.name, url: link.resetUrl, mailed: link.mailed, expiresAt: link.expiresAt });
                        })
                      }
                    >
                      Reset password
                    </button>{' '}
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() =>
                        void act(async () => {
                          const { badge } = await answer(dashboard.POST('/admin/api/people/{userId}/badge', path(person)));
                          setBadge({ name: person.name, badge });
                        })
                      }
                    >
                      New badge
                    </button>{' '}
                    {person.id !== me?.personId &&
                      (person.disabled ? (
                        <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.POST('/admin/api/people/{userId}/enable', path(person))))}>
                          Enable
                        </button>
                      ) : (
                        <button type="button" className="button button-small button-danger" onClick={() => void act(() => answer(dashboard.POST('/admin/api/people/{userId}/disable', path(person))))}>
                          Disable
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {people?.length === 0 && <p className="muted">Nobody has joined yet: invite someone above.</p>}
    </section>
  );
}
