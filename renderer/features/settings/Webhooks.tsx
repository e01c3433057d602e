import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { TeamSelect } from '../../app/station-info';
import { useConfirm } from '../../components/confirm';
import { SecretShownOnce } from '../../components/secret-once';
import { EmptyState, ErrorBanner, ExplainedButton, RelativeTime, StatusChip, TableScroll } from '../../components/ui';

type WebhookView = Schemas['Webhook'];

type DeliveryView = Schemas['Delivery'];

const EVENTS = [
  ['order.status_changed', 'Order status changes'],
  ['print_job.state_changed', 'Print job state changes'],
  ['print_request.refused', 'Print requests with refused orders'],
] as const;

/** What went wrong last, in one line: the receiver's status or the connection error. */
function lastWords(hook: WebhookView): string {
  const last = hook.lastDelivery;
  if (!last) return 'Nothing sent yet';
  if (last.state === 'delivered') return `Delivered (HTTP ${last.status})`;
  return last.error ?? 'Not delivered';
}

/** Webhooks per team: signed deliveries of status changes, with what failed last and a way to send again. */
export function Webhooks() {
  const [hooks, setHooks] = useState<WebhookView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [teamId, setTeamId] = useState('');
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [failedOf, setFailedOf] = useState<{ hook: WebhookView; deliveries: DeliveryView[] } | null>(null);
  const [confirmDialog, confirm] = useConfirm();

  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/webhooks')).then(setHooks, (failure: unknown) => setError(describeError(failure)));
  }, []);
  useEffect(load, [load]);

  async function run(action: () => Promise<void>) {
    setError(null);
    try {
      await action();
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  const create = () =>
    run(async () => {
      const result = await answer(dashboard.POST('/admin/api/webhooks', { body: { teamId, url: url.trim(), events: EVENTS.map(([event]) => event) } }));
      setCreated({ url: result.url, secret: result.secret });
      setUrl('');
    });

  const toggle = (hook: WebhookView) => run(async () => void (await answer(dashboard.PUT('/admin/api/webhooks/{id}', { params: { path: { id: hook.id } }, body: { active: !hook.active } }))));

  const remove = async (hook: WebhookView) => {
    if (!(await confirm({ title: `Delete the webhook to ${hook.url}?`, body: 'Deliveries still waiting are dropped with it.', confirmLabel: 'Delete webhook', danger: true }))) return;
    await run(async () => void (await answer(dashboard.DELETE('/admin/api/webhooks/{id}', { params: { path: { id: hook.id } } }))));
  };

  const showUndelivered = (hook: WebhookView) =>
    run(async () => {
      const deliveries = await answer(dashboard.GET('/admin/api/webhooks/{id}/deliveries', { params: { path: { id: hook.id }, query: { limit: 50 } } }));
      setFailedOf({ hook, deliveries: deliveries.filter((delivery) => delivery.state !== 'delivered') });
    });

  const sendAgain = (delivery: DeliveryView) =>
    run(async () => {
      await answer(dashboard.POST('/admin/api/webhook-deliveries/{id}/retry', { params: { path: { id: delivery.id } } }));
      if (failedOf) setFailedOf({ ...failedOf, deliveries: failedOf.deliveries.filter((other) => other.id !== delivery.id) });
    });

  return (
    <section className="card" aria-label="Webhooks">
      {confirmDialog}
      <h2>Webhooks</h2>
      <p className="muted">
        The station posts each order status change and print job state change of a team (and of a 3PL's merchants) to these URLs, signed with the
        webhook's secret in <code>X-Station-Signature</code>, and retries until the receiver answers 2xx.
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
          URL
          <input value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://wms.example.com/station-events" maxLength={2048} />
        </label>
        <ExplainedButton type="submit" className="button button-primary" why={!teamId ? 'Choose a team first.' : !url.trim() ? 'Enter the receiver’s URL first.' : null}>
          Add webhook
        </ExplainedButton>
      </form>
      {created && (
        <SecretShownOnce label="New webhook secret" secret={created.secret} copyLabel="Copy secret" testId="webhook-secret" onDone={() => setCreated(null)}>
          <strong>Copy the signing secret for {created.url} now.</strong> The receiver checks each delivery's signature with it; it is shown only this once.
        </SecretShownOnce>
      )}
      <ErrorBanner error={error} />
      {hooks && hooks.length === 0 && <EmptyState title="No webhooks yet">Pick a team and a URL above; polling the order status API works without one.</EmptyState>}
      {hooks && hooks.length > 0 && (
        <TableScroll label="Webhooks table">
          <table className="table">
            <thead>
              <tr><th>URL</th><th>Team</th><th>Events</th><th>Waiting</th><th>Last delivery</th><th>State</th><th><span className="sr-only">Actions</span></th></tr>
            </thead>
            <tbody>
              {hooks.map((hook) => (
                <tr key={hook.id} className={hook.active ? '' : 'dim'}>
                  <td><code>{hook.url}</code></td>
                  <td>{hook.teamName}</td>
                  <td>{hook.events.map((event) => EVENTS.find(([name]) => name === event)?.[1] ?? event).join(', ')}</td>
                  <td className="num">{hook.pending + hook.failed > 0 ? <button type="button" className="button button-ghost button-small" onClick={() => void showUndelivered(hook)}>{hook.pending} waiting, {hook.failed} given up</button> : '0'}</td>
                  <td>
                    {lastWords(hook)}
                    {hook.lastDelivery?.at && <> · <RelativeTime at={hook.lastDelivery.at} /></>}
                  </td>
                  <td><StatusChip status={hook.active ? 'active' : 'paused'} /></td>
                  <td className="num">
                    <button type="button" className="button button-ghost button-small" onClick={() => void toggle(hook)}>{hook.active ? 'Pause' : 'Resume'}</button>{' '}
                    <button type="button" className="button button-danger button-small" onClick={() => void remove(hook)}>Delete</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {failedOf && (
        <div role="region" aria-label="Undelivered">
          <h3>Not delivered to {failedOf.hook.url}</h3>
          {failedOf.deliveries.length === 0 && <p className="muted">Everything was delivered.</p>}
          <ul>
            {failedOf.deliveries.map((delivery) => (
              <li key={delivery.id}>
                {delivery.event}: {delivery.state === 'failed' ? 'given up' : 'waiting'} after {delivery.attempts} attempts, {delivery.lastError ?? 'not tried yet'}{' '}
                <button type="button" className="button button-small" onClick={() => void sendAgain(delivery)}>Send again now</button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
