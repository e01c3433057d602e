import { useCallback, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { ErrorBanner } from '../../components/ui';

type Person = Schemas['Person'];
type Credentials = Schemas['PersonCredentials'];

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : 'before this was recorded');

/**
 * What a person signs in with besides the password (a station admin's view, Settings →
 * People): badge, PIN, passkeys and live sessions, each removable; "Sign out everywhere"
 * ends them all at once, and a lock-out after failed sign-ins can be lifted here.
 */
export function PersonCredentials({ person }: { person: Person }) {
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const path = { params: { path: { userId: person.id } } };
  const load = useCallback(
    () => void answer(dashboard.GET('/admin/api/people/{userId}/credentials', { params: { path: { userId: person.id } } })).then(setCredentials, (failure: unknown) => setError(describeError(failure))),
    [person.id],
  );
  /** Runs a change, then says what it did (`done`, or the words the change itself returns) and reads the list again. */
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setError(null);
    setNote(null);
    try {
      const said = await work();
      setNote(done ?? String(said));
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <div>
      <button
        type="button"
        className="button button-small"
        aria-expanded={open}
        onClick={() => {
          if (!open) load();
          setOpen(!open);
        }}
      >
        Sign-in ways
      </button>
      {open && (
        <>
          <ErrorBanner error={error} />
      {note && <p role="status" className="small">{note}</p>}
      {credentials && (
        <ul className="plain-list small" aria-label={`${person.name}'s ways to sign in`}>
          <li>
            Badge: {credentials.badge ? `issued ${when(credentials.badge.issuedAt)}` : 'none'}{' '}
            {credentials.badge && (
              <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.DELETE('/admin/api/people/{userId}/badge', path)), 'The badge no longer signs in.')}>
                Remove badge
              </button>
            )}
          </li>
          <li>
            PIN: {credentials.pin ? `set ${when(credentials.pin.setAt)}` : 'none'}{' '}
            {credentials.pin && (
              <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.DELETE('/admin/api/people/{userId}/pin', path)), 'The PIN no longer signs in.')}>
                Remove PIN
              </button>
            )}
          </li>
          {credentials.passkeys.length === 0 && <li>Passkeys: none</li>}
          {credentials.passkeys.map((passkey) => (
            <li key={passkey.id}>
              Passkey {passkey.name} <span className="muted">· {passkey.host} · {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'}</span>{' '}
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove the passkey ${passkey.name}`}
                onClick={() => void act(() => answer(dashboard.DELETE('/admin/api/people/{userId}/passkeys/{passkeyId}', { params: { path: { userId: person.id, passkeyId: passkey.id } } })), `${passkey.name} was removed.`)}
              >
                Remove
              </button>
            </li>
          ))}
          <li>Sessions open: {credentials.sessions}</li>
        </ul>
      )}
      <p>
        <button
          type="button"
          className="button button-small button-danger"
          onClick={() =>
            void act(async () => {
              const ended = await answer(dashboard.POST('/admin/api/people/{userId}/sign-out', path));
              return `Signed out everywhere: ${ended.sessions} session(s) ended${ended.badge ? ', badge removed' : ''}${ended.pin ? ', PIN removed' : ''}${ended.passkeys ? `, ${ended.passkeys} passkey(s) removed` : ''}.`;
            })
          }
        >
          Sign out everywhere
        </button>{' '}
        <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.POST('/admin/api/people/{userId}/lift-lockout', path)), 'Failed sign-ins forgiven: they may try again now.')}>
          Lift lock-out
        </button>
      </p>
        </>
      )}
    </div>
  );
}
