import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, signOut, type Schemas } from '../../app/api';
import { ErrorBanner, RelativeTime, SubmitForm, TableScroll } from '../../components/ui';
import { useStationInfo } from '../../app/station-info';

type SessionView = Schemas['Session'];

/** Who is signed in to this dashboard, with revoke; how long sessions live. */
export function SessionsSettings() {
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const [lifetimes, setLifetimes] = useState<{ idleHours: string; absoluteHours: string; benchIdleMinutes: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/sessions')).then(setSessions, (failure: unknown) => setError(describeError(failure)));
  }, []);
  const { me } = useStationInfo();
  const stationAdmin = me?.stationAdmin === true;
  useEffect(() => {
    load();
    // The lifetimes are the station admin's to set.
    if (!stationAdmin) return;
    answer(dashboard.GET('/admin/api/settings/sessions')).then(
      (value) => setLifetimes({ idleHours: String(value.idleHours), absoluteHours: String(value.absoluteHours), benchIdleMinutes: String(value.benchIdleMinutes) }),
      (failure: unknown) => setError(describeError(failure)),
    );
  }, [load, stationAdmin]);

  async function revoke(session: SessionView) {
    setError(null);
    try {
      await answer(dashboard.DELETE('/admin/api/sessions/{id}', { params: { path: { id: session.id } } }));
      if (session.current) signOut();
      else load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function saveLifetimes() {
    setError(null);
    setSaved(null);
    try {
      const body = { idleHours: Number(lifetimes!.idleHours), absoluteHours: Number(lifetimes!.absoluteHours), benchIdleMinutes: Number(lifetimes!.benchIdleMinutes) };
      const value = await answer(dashboard.PUT('/admin/api/settings/sessions', { body }));
      setLifetimes({ idleHours: String(value.idleHours), absoluteHours: String(value.absoluteHours), benchIdleMinutes: String(value.benchIdleMinutes) });
      setSaved('Session lifetimes saved; they apply to every session at once.');
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <section className="card" aria-label="Sessions">
      <h2>Sessions</h2>
      <p className="muted">Browsers and windows signed in to this dashboard. Revoking one signs it out at once.</p>
      <ErrorBanner error={error} />
      {saved && <div className="banner banner-success" role="status">{saved}</div>}
      {sessions && (
        <TableScroll label="Sessions table">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Signed in from</th>
                <th scope="col">Since</th>
                <th scope="col">Last used</th>
                <th scope="col">Ends</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id}>
                  <td>
                    {session.label}
                    {session.current && <strong> (this one)</strong>}
                    {stationAdmin && <div className="muted small">{session.person ? session.person.name : 'station admin'}</div>}
                  </td>
                  <td><RelativeTime at={session.createdAt} /></td>
                  <td><RelativeTime at={session.lastUsedAt} /></td>
                  <td>{new Date(session.expiresAt).toLocaleString()}</td>
                  <td>
                    <button type="button" className="button button-small button-danger" onClick={() => void revoke(session)}>
                      {session.current ? 'Sign out' : 'Revoke'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {lifetimes && (
        <SubmitForm className="inline-form" onSubmit={saveLifetimes}>
          <label>Sign out when unused for (hours)<input type="number" min={0.25} step={0.25} value={lifetimes.idleHours} onChange={(event) => setLifetimes({ ...lifetimes, idleHours: event.target.value })} /></label>
          <label>Sign out at the latest after (hours)<input type="number" min={1} value={lifetimes.absoluteHours} onChange={(event) => setLifetimes({ ...lifetimes, absoluteHours: event.target.value })} /></label>
          <label>Sign a bench out when unused for (minutes)<input type="number" min={1} max={1440} value={lifetimes.benchIdleMinutes} onChange={(event) => setLifetimes({ ...lifetimes, benchIdleMinutes: event.target.value })} /></label>
          <button type="submit" className="button">Save lifetimes</button>
        </SubmitForm>
      )}
    </section>
  );
}
