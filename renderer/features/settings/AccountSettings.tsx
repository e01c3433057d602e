import { useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { useStationInfo } from '../../app/station-info';
import { ErrorBanner, SubmitForm } from '../../components/ui';
import { BadgeCard } from './BadgeCard';
import { Passkeys } from './Passkeys';

/** Who is signed in, their teams and roles, and their password. */
export function AccountSettings() {
  const { me } = useStationInfo();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function change() {
    setError(null);
    setSaved(null);
    if (next !== again) {
      setError('The two new passwords are not the same.');
      return;
    }
    try {
      await answer(dashboard.PUT('/admin/api/me/password', { body: { currentPassword: current, newPassword: next } }));
      setSaved('Password changed. Your other sessions were signed out.');
      setCurrent('');
      setNext('');
      setAgain('');
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  const [pin, setPin] = useState('');
  // Said beside the PIN form (the password form's banner is at the top of the section, out of view).
  const [pinSaved, setPinSaved] = useState<string | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const [pinPassword, setPinPassword] = useState('');
  const [badge, setBadge] = useState<string | null>(null);
  const [badgePassword, setBadgePassword] = useState('');
  async function savePin() {
    setError(null);
    setSaved(null);
    setPinSaved(null);
    setPinError(null);
    try {
      await answer(dashboard.PUT('/admin/api/me/pin', { body: { currentPassword: pinPassword, pin } }));
      setPinSaved('PIN set: sign in at a paired bench screen with your e-mail and this PIN.');
      setPin('');
      setPinPassword('');
    } catch (failure) {
      setPinError(describeError(failure));
    }
  }
  async function newBadge() {
    setError(null);
    try {
      setBadge((await answer(dashboard.POST('/admin/api/me/badge', { body: { currentPassword: badgePassword } }))).badge);
      setBadgePassword('');
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  if (!me) return <p className="muted">Loading…</p>;
  return (
    <section className="card" aria-label="Your account">
      <h2>Your account</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{me.name}</dd>
        <dt>E-mail</dt>
        <dd>{me.email ?? '—'}</dd>
        <dt>Rights</dt>
        <dd>
          {me.stationAdmin ? 'Station admin: every team, printers and settings' : me.teams.length === 0 ? 'No team yet' : null}
          {me.teams.length > 0 && (
            <ul className="plain-list">
              {me.teams.map((team) => (
                <li key={team.teamId}>
                  {team.role} of {team.teamName}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {me.personId ? (
        <>
          <h3>Change your password</h3>
          <ErrorBanner error={error} />
          {saved && <div className="banner banner-success" role="status">{saved}</div>}
          <SubmitForm className="stacked-form" onSubmit={change}>
            <label>Current password<input type="password" autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} /></label>
            <label>New password (at least 10 characters)<input type="password" autoComplete="new-password" required minLength={10} maxLength={200} value={next} onChange={(event) => setNext(event.target.value)} /></label>
            <label>The new password again<input type="password" autoComplete="new-password" required minLength={10} maxLength={200} value={again} onChange={(event) => setAgain(event.target.value)} /></label>
            <button type="submit" className="button">Change password</button>
          </SubmitForm>
          {!me.bench && <Passkeys />}
          {!me.bench && (
            <>
              <h3>At the bench</h3>
              <p className="muted">Sign in at a packing bench by scanning your badge, or with your e-mail and a PIN: operator rights there, signed out when the bench is left idle.</p>
              <SubmitForm className="stacked-form" onSubmit={savePin}>
                <label>PIN (4 to 8 digits, not a run like 1234 nor one digit repeated)<input inputMode="numeric" pattern="[0-9]{4,8}" autoComplete="off" required value={pin} onChange={(event) => setPin(event.target.value)} /></label>
                <label>Your password<input type="password" autoComplete="current-password" required value={pinPassword} onChange={(event) => setPinPassword(event.target.value)} /></label>
                <button type="submit" className="button">Set PIN</button>
              </SubmitForm>
              {pinSaved && <div className="banner banner-success" role="status">{pinSaved}</div>}
              <ErrorBanner error={pinError} />
              <SubmitForm className="stacked-form" onSubmit={newBadge}>
                <label>Your password (it confirms a new badge)<input type="password" autoComplete="current-password" required value={badgePassword} onChange={(event) => setBadgePassword(event.target.value)} /></label>
                <button type="submit" className="button">New badge</button>
              </SubmitForm>
              {badge && <BadgeCard badge={badge} name={me.name} owner="yours" />}
            </>
          )}
        </>
      ) : (
        <p className="muted">This is the station admin's own session (the station's login link or the desktop window): it has no password.</p>
      )}
    </section>
  );
}
