import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { Modal } from '../../components/Modal';
import { ErrorBanner, RelativeTime, StatusChip } from '../../components/ui';
import { HandoverLink } from './HandoverLink';
import { InviteResult } from './InviteResult';
import { ownerLabel, progressWords, type Invitation, type Merchant, type Onboarding, type OnboardingTask } from './teams';

const INVITE_CHIP: Record<Invitation['state'], string> = { open: 'pending', accepted: 'done', replaced: 'ignored', expired: 'ignored' };

function Tracker({ tasks, onToggle }: { tasks: OnboardingTask[]; onToggle?: (task: OnboardingTask, done: boolean) => void }) {
  return (
    <ul className="tracker">
      {tasks.map((task) => (
        <li key={task.kind} className={task.done ? 'done' : ''}>
          <label className="checkbox">
            <input type="checkbox" checked={task.done} disabled={!onToggle} onChange={(event) => onToggle?.(task, event.target.checked)} />
            <span>
              {task.title}
              <span className="muted small">
                {' · '}
                {ownerLabel(task.owner)}
                {task.done && task.completedAt && <> · done <RelativeTime at={task.completedAt} />{task.completedBy ? '' : ' by the station'}</>}
                {!task.done && task.automatic && <> · ticks itself when {task.automatic}</>}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** One merchant: its onboarding tracker, its invitations, and going live. */
export function MerchantDetail({ merchant, onChanged }: { merchant: Merchant; onChanged: () => void }) {
  const [onboarding, setOnboarding] = useState<Onboarding | null>(null);
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [email, setEmail] = useState('');
  const [invited, setInvited] = useState<{ email: string; invitation: Invitation; sent: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const team = encodeURIComponent(merchant.id);

  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/teams/{teamId}/onboarding', { params: { path: { teamId: team } } })).then(setOnboarding, (failure: unknown) => setError(describeError(failure)));
    answer(dashboard.GET('/admin/api/teams/{teamId}/invitations', { params: { path: { teamId: team } } })).then(setInvitations, (failure: unknown) => setError(describeError(failure)));
  }, [team]);
  // The list row changes (counts, orders) when the station ticks a task itself.
  useEffect(load, [load, merchant.onboarding.completed, merchant.orderCount]);

  async function act(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
      load();
      onChanged();
    } catch (failure) {
      setError(describeError(failure));
      load();
    }
  }

  const tick = (task: OnboardingTask, done: boolean) => {
    // The box follows the click at once; the reload after the answer corrects it on failure.
    setOnboarding((current) => current && { ...current, tasks: current.tasks.map((t) => (t.kind === task.kind ? { ...t, done } : t)) });
    void act(() => answer(dashboard.PUT('/admin/api/teams/{teamId}/onboarding/{kind}', { params: { path: { teamId: team, kind: task.kind } }, body: { done } })));
  };
  // Inviting an address again replaces its open invitation: the way to a new link, since a
  // link is shown only in the answer that creates it.
  const [role, setRole] = useState<'admin' | 'operator' | 'viewer'>('admin');
  const invite = (address: string) =>
    void act(async () => {
      const result = await answer(dashboard.POST('/admin/api/teams/{teamId}/invitations', { params: { path: { teamId: team } }, body: { email: address, role } }));
      setInvited({ email: address, invitation: result.invitation, sent: result.invitationSent });
      setEmail('');
    });
  const goLive = () => void act(() => answer(dashboard.POST('/admin/api/teams/{teamId}/go-live', { params: { path: { teamId: team } } }))).then(() => setConfirming(false));
  const openTasks = onboarding?.tasks.filter((task) => !task.done) ?? [];

  return (
    <section className="card" aria-label={`Merchant ${merchant.name}`}>
      <div className="batch-head">
        <div>
          <h2>{merchant.name} <StatusChip status={merchant.status} /></h2>
          <p className="muted">
            {merchant.status === 'live' && merchant.went_live_at ? <>Live since <RelativeTime at={merchant.went_live_at} />: orders print automatically when the flow says so.</> : 'Onboarding: orders are taken and documents made, but nothing prints automatically until it goes live.'}
          </p>
        </div>
        {merchant.status === 'onboarding' && (
          <button type="button" className="button button-primary" onClick={() => setConfirming(true)}>Go live…</button>
        )}
      </div>
      <ErrorBanner error={error} />
      <div className="two-col">
        <div>
          <h3>Onboarding {onboarding && <span className="muted">· {progressWords(onboarding.summary)}</span>}</h3>
          {onboarding && <Tracker tasks={onboarding.tasks} onToggle={tick} />}
        </div>
        <div>
          <h3>Invitations</h3>
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              invite(email.trim());
            }}
          >
            <label>
              Invite by e-mail
              <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder="owner@merchant.example" />
            </label>
            <label>
              as
              <select value={role} onChange={(event) => setRole(event.target.value as typeof role)}>
                <option value="admin">admin (templates, routing, keys, people)</option>
                <option value="operator">operator (orders, printing)</option>
                <option value="viewer">viewer (reads)</option>
              </select>
            </label>
            <button type="submit" className="button" disabled={!email.trim()}>Send invitation</button>
          </form>
          {invited && <InviteResult email={invited.email} invitation={invited.invitation} sent={invited.sent} onClose={() => setInvited(null)} />}
          {invitations?.length === 0 && <p className="muted">No invitations yet. A merchant admin who accepts one ticks the first task.</p>}
          <ul className="results">
            {invitations?.map((invitation) => (
              <li key={invitation.id}>
                <strong>{invitation.email}</strong> <span className={`chip chip-invite chip-${INVITE_CHIP[invitation.state]}`}>{invitation.state}</span>{' '}
                <span className="muted small">
                  invited <RelativeTime at={invitation.createdAt} />
                  {invitation.state === 'open' && !invitation.sentAt && ' · not mailed'}
                </span>
                <HandoverLink invitation={invitation} />
                {invitation.state === 'open' && !invitation.sentAt && (
                  <button type="button" className="button button-small" aria-label={`Invite ${invitation.email} again`} onClick={() => invite(invitation.email)}>
                    Invite again
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {confirming && onboarding && (
        <Modal label={`Go live with ${merchant.name}`} onClose={() => setConfirming(false)}>
            <h2>Go live with {merchant.name}?</h2>
            <p>
              From now on, orders of {merchant.name} print automatically as the flow says.{' '}
              {openTasks.length === 0 ? 'Every onboarding task is done.' : <strong>{openTasks.length} onboarding {openTasks.length === 1 ? 'task is' : 'tasks are'} still open:</strong>}
            </p>
            <Tracker tasks={onboarding.tasks} />
            <div className="modal-actions">
              <button type="button" className="button button-primary" onClick={goLive}>{openTasks.length ? 'Go live anyway' : 'Go live'}</button>
              <button type="button" className="button" data-autofocus onClick={() => setConfirming(false)}>Not yet</button>
            </div>
        </Modal>
      )}
    </section>
  );
}
