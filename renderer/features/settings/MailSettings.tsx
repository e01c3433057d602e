import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { useConfirm } from '../../components/confirm';
import { ErrorBanner, SubmitForm } from '../../components/ui';

type MailView = Schemas['MailSettings'];

interface MailForm {
  host: string;
  port: string;
  secure: boolean;
  user: string;
  password: string;
  from: string;
  linkBaseUrl: string;
}

const EMPTY: MailForm = { host: '', port: '587', secure: false, user: '', password: '', from: '', linkBaseUrl: '' };

/** What PUT /admin/api/settings/mail takes: an empty password field keeps the stored one. */
export function mailSettingsBody(form: MailForm, clearPassword: boolean) {
  return {
    host: form.host.trim(),
    port: Number(form.port),
    secure: form.secure,
    user: form.user.trim() || null,
    ...(clearPassword ? { password: null } : form.password ? { password: form.password } : {}),
    from: form.from.trim(),
    linkBaseUrl: form.linkBaseUrl.trim() || null,
  };
}

/** SMTP for invitations: the password is write-only, a test message proves the settings. */
export function MailSettings() {
  const [view, setView] = useState<MailView | null>(null);
  const [form, setForm] = useState<MailForm>(EMPTY);
  const [testTo, setTestTo] = useState('');
  const [confirmDialog, confirm] = useConfirm();
  const [message, setMessage] = useState<{ kind: 'success' | 'warning'; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = useCallback((next: MailView) => {
    setView(next);
    setForm(
      next.configured
        ? { host: next.host, port: String(next.port), secure: next.secure, user: next.user ?? '', password: '', from: next.from, linkBaseUrl: next.linkBaseUrl ?? '' }
        : EMPTY,
    );
  }, []);
  useEffect(() => void answer(dashboard.GET('/admin/api/settings/mail')).then(show, (failure: unknown) => setError(describeError(failure))), [show]);

  async function run(action: () => Promise<void>) {
    setError(null);
    setMessage(null);
    try {
      await action();
    } catch (failure) {
      setError(describeError(failure));
    }
  }
  const save = (clearPassword = false) =>
    run(async () => {
      show(await answer(dashboard.PUT('/admin/api/settings/mail', { body: mailSettingsBody(form, clearPassword) })));
      setMessage({ kind: 'success', text: 'Mail settings saved. The next invitation uses them.' });
    });
  const remove = () =>
    run(async () => {
      if (!(await confirm({ title: 'Remove the mail settings?', body: 'Invitations are then recorded with a link to pass on by hand.', confirmLabel: 'Remove mail settings', danger: true }))) return;
      show(await answer(dashboard.DELETE('/admin/api/settings/mail')));
    });
  const test = () =>
    run(async () => {
      const result = await answer(dashboard.POST('/admin/api/settings/mail/test', { body: { to: testTo.trim() } }));
      setMessage(result.sent ? { kind: 'success', text: `Test message accepted by the server for ${testTo.trim()}.` } : { kind: 'warning', text: `No test message sent: ${result.reason ?? 'unknown reason'}` });
    });
  const set = (field: keyof MailForm) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  return (
    <section className="card" aria-label="Mail">
      {confirmDialog}
      <h2>Mail</h2>
      <p className="muted">
        Invitations to merchant admins go out through this SMTP server. Without it, the station records each invitation and the Teams page shows its link to pass on.
      </p>
      <ErrorBanner error={error} />
      {message && <div className={`banner banner-${message.kind}`} role="status">{message.text}</div>}
      {view && (
        <SubmitForm className="form-grid" onSubmit={save}>
          <div className="row">
            <label>SMTP host<input value={form.host} onChange={set('host')} placeholder="smtp.example.com" required /></label>
            <label className="narrow">Port<input type="number" min={1} max={65535} value={form.port} onChange={set('port')} required /></label>
            <label className="checkbox" style={{ flex: '0 0 auto' }}>
              <input type="checkbox" checked={form.secure} onChange={(event) => setForm({ ...form, secure: event.target.checked, port: event.target.checked && form.port === '587' ? '465' : form.port })} />
              TLS from the start (port 465)
            </label>
          </div>
          <div className="row">
            <label>User<input value={form.user} onChange={set('user')} autoComplete="off" /></label>
            <label>
              Password
              <input type="password" value={form.password} onChange={set('password')} autoComplete="new-password" placeholder={view.configured && view.passwordSet ? 'stored — type to replace' : ''} />
            </label>
          </div>
          <div className="row">
            <label>From<input value={form.from} onChange={set('from')} placeholder="Print Station <station@example.com>" required /></label>
            <label>Link address for invitations (optional)<input value={form.linkBaseUrl} onChange={set('linkBaseUrl')} placeholder="https://station.example.com" /></label>
          </div>
          <div className="row">
            <button type="submit" className="button button-primary" disabled={!form.host.trim() || !form.from.trim()}>Save mail settings</button>
            {view.configured && view.passwordSet && <button type="button" className="button" onClick={() => void save(true)}>Forget the password</button>}
            {view.configured && <button type="button" className="button button-danger" onClick={() => void remove()}>Remove</button>}
          </div>
        </SubmitForm>
      )}
      {view?.configured && (
        <SubmitForm className="inline-form" onSubmit={test}>
          <label>Send a test message to<input type="email" value={testTo} onChange={(event) => setTestTo(event.target.value)} placeholder="you@example.com" /></label>
          <button type="submit" className="button" disabled={!testTo.trim()}>Send test</button>
        </SubmitForm>
      )}
    </section>
  );
}
