import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { TeamSelect } from '../../app/station-info';
import { useConfirm } from '../../components/confirm';
import { SecretShownOnce } from '../../components/secret-once';
import { EmptyState, ErrorBanner, ExplainedButton, RelativeTime, StatusChip, TableScroll } from '../../components/ui';

export type ApiKeyView = Schemas['ListedApiKey'];

/** Keys for integrations: created with a name, the secret shown once, revoked when lost. */
export function ApiKeys() {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [teamId, setTeamId] = useState('');
  const [confirmDialog, confirm] = useConfirm();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/keys')).then(setKeys, (failure: unknown) => setError(describeError(failure)));
  }, []);
  useEffect(load, [load]);

  async function create() {
    setError(null);
    try {
      const result = await answer(dashboard.POST('/admin/api/keys', { body: { teamId, name } }));
      setCreated({ name: result.key.name, secret: result.secret });
      setName('');
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function revoke(key: ApiKeyView) {
    if (!(await confirm({ title: `Revoke “${key.name}”?`, body: 'Integrations using it get 401 from now on.', confirmLabel: 'Revoke key', danger: true }))) return;
    try {
      await answer(dashboard.POST('/admin/api/keys/{id}/revoke', { params: { path: { id: key.id } } }));
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <section className="card">
      {confirmDialog}
      <h2>API keys</h2>
      <p className="muted">Integrations send a key in the <code>X-API-Key</code> header. A key acts for one team; a 3PL team's key also for its merchants.{' '}
        <a href="/api/reference" target="_blank" rel="noreferrer">
          API reference
        </a>{' '}
        (every route, field and answer; also as <a href="/api/openapi.json">OpenAPI 3.1</a>).
      </p>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label>
          Team
          <TeamSelect value={teamId} onChange={setTeamId} needs="admin" />
        </label>
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. WMS production" maxLength={100} />
        </label>
        <ExplainedButton type="submit" className="button button-primary" why={!teamId ? 'Choose a team first.' : !name.trim() ? 'Name the key first.' : null}>
          Create key
        </ExplainedButton>
      </form>
      {created && (
        <SecretShownOnce label="New API key" secret={created.secret} copyLabel="Copy key" testId="new-secret" onDone={() => setCreated(null)}>
          <strong>Copy the key “{created.name}” now.</strong> It is shown only this once; the station keeps only a hash of it.
        </SecretShownOnce>
      )}
      <ErrorBanner error={error} />
      {keys && keys.length === 0 && <EmptyState title="No API keys yet">Pick a team and a name above to create the first one.</EmptyState>}
      {keys && keys.length > 0 && (
        <TableScroll label="API keys table">
          <table className="table">
            <thead>
              <tr><th>Name</th><th>Team</th><th>Key</th><th>Created</th><th>Last used</th><th>State</th><th><span className="sr-only">Actions</span></th></tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} className={key.revokedAt ? 'dim' : ''}>
                  <td>{key.name}</td>
                  <td>{key.teamName}</td>
                  <td><code>{key.prefix}…</code></td>
                  <td><RelativeTime at={key.createdAt} /></td>
                  <td><RelativeTime at={key.lastUsedAt} /></td>
                  <td><StatusChip status={key.revokedAt ? 'revoked' : 'active'} /></td>
                  <td className="num">
                    {!key.revokedAt && (
                      <button type="button" className="button button-danger button-small" onClick={() => void revoke(key)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
