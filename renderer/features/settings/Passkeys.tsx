import { startRegistration } from '@simplewebauthn/browser';
import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, passkeysWorkHere, type Schemas } from '../../app/api';
import { ErrorBanner, SubmitForm } from '../../components/ui';

type Passkey = Schemas['Passkey'];

/** One's passkeys: add one (the browser asks for a fingerprint, a face or a security key), list, remove. */
export function Passkeys() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const load = useCallback(() => void answer(dashboard.GET('/admin/api/me/passkeys')).then(setPasskeys, (failure: unknown) => setError(describeError(failure))), []);
  useEffect(load, [load]);

  async function add() {
    setError(null);
    setAdded(null);
    try {
      const optionsJSON = await answer(dashboard.POST('/admin/api/me/passkeys/options', { body: { currentPassword: password } }));
      const response = await startRegistration({ optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      const passkey = await answer(dashboard.POST('/admin/api/me/passkeys', { body: { name: name.trim() || undefined, response: response as never } }));
      setAdded(`${passkey.name} was added: sign in with it at ${passkey.host}.`);
      setName('');
      setPassword('');
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <>
      <h3>Passkeys</h3>
      <p className="muted">
        Sign in with a fingerprint, a face or a security key instead of your password. Passkeys work where the dashboard is opened as localhost on the station’s computer, or by a
        host name over HTTPS; a passkey works at the host name it was added at.
      </p>
      <ErrorBanner error={error} />
      {added && <div className="banner banner-success" role="status">{added}</div>}
      {passkeys && passkeys.length > 0 && (
        <ul className="plain-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              {passkey.name} <span className="muted small">· {passkey.host} · {passkey.lastUsedAt ? `last used ${new Date(passkey.lastUsedAt).toLocaleString()}` : 'not used yet'}</span>{' '}
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove ${passkey.name}`}
                onClick={() => void answer(dashboard.DELETE('/admin/api/me/passkeys/{id}', { params: { path: { id: passkey.id } } })).then(load, (failure: unknown) => setError(describeError(failure)))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {passkeysWorkHere() ? (
        <SubmitForm className="row" onSubmit={add}>
          <label>
            Name of the passkey
            <input value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. Bench 2 fingerprint reader" maxLength={60} />
          </label>
          <label>
            Your password (it confirms that you add it)
            <input type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
          </label>
          <button type="submit" className="button">Add a passkey</button>
        </SubmitForm>
      ) : (
        <p className="muted small">Not here: this page is opened at {window.location.host || 'the desktop window'}, where the browser offers no passkeys.</p>
      )}
    </>
  );
}
