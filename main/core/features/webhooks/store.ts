import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';
import { newId } from '../../foundations/ids';

export const WEBHOOK_EVENTS = ['order.status_changed', 'print_job.state_changed', 'print_request.refused'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookRow {
  id: string;
  team_id: string;
  url: string;
  secret: string;
  events: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_type: WebhookEvent;
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** Deliveries written per connection: the dispatcher looks for due ones only when this moved. */
const outboxWrites = new WeakMap<Db, number>();
export const outboxWritesOf = (db: Db): number => outboxWrites.get(db) ?? 0;

/**
 * Writes the deliveries of one change, in the caller's transaction (the outbox). The team
 * that owns the order or job is told, and its parent 3PL team, whose key reaches the same
 * data; no other team's webhook ever sees it. `data` is built only when a webhook listens:
 * this runs on every status change. Returns how many deliveries were written.
 */
export function enqueueWebhookEvent(db: Db, teamId: string, type: WebhookEvent, data: () => Record<string, unknown>, at: string): number {
  const hooks = statement(
    db,
    `SELECT w.id FROM webhooks w
     WHERE w.active = 1 AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?)
       AND (w.team_id = ? OR w.team_id = (SELECT parent_team_id FROM teams WHERE id = ?))`,
  )
    .pluck()
    .all(type, teamId, teamId) as string[];
  if (hooks.length === 0) return 0;
  const body = data();
  for (const webhookId of hooks) {
    const id = newId();
    const payload = JSON.stringify({ id, type, createdAt: at, teamId, data: body });
    statement(db, 'INSERT INTO webhook_deliveries (id, webhook_id, event_type, payload, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      webhookId,
      type,
      payload,
      at,
      at,
    );
  }
  outboxWrites.set(db, outboxWritesOf(db) + hooks.length);
  return hooks.length;
}

export function insertWebhook(db: Db, row: WebhookRow): void {
  statement(db, 'INSERT INTO webhooks (id, team_id, url, secret, events, active, created_at, updated_at) VALUES (@id, @team_id, @url, @secret, @events, @active, @created_at, @updated_at)').run(row);
}

export function getWebhook(db: Db, id: string): WebhookRow | undefined {
  return statement(db, 'SELECT * FROM webhooks WHERE id = ?').get(id) as WebhookRow | undefined;
}

export function listWebhooks(db: Db, teamId?: string): WebhookRow[] {
  return (teamId === undefined
    ? statement(db, 'SELECT * FROM webhooks ORDER BY created_at, id').all()
    : statement(db, 'SELECT * FROM webhooks WHERE team_id = ? ORDER BY created_at, id').all(teamId)) as WebhookRow[];
}

export function updateWebhook(db: Db, id: string, fields: Partial<Pick<WebhookRow, 'url' | 'events' | 'active' | 'secret'>>, at: string): void {
  const keys = Object.keys(fields) as (keyof typeof fields)[];
  statement(db, `UPDATE webhooks SET ${[...keys.map((key) => `${key} = @${key}`), 'updated_at = @at'].join(', ')} WHERE id = @id`).run({ ...fields, at, id });
}

export function deleteWebhook(db: Db, id: string): void {
  statement(db, 'DELETE FROM webhooks WHERE id = ?').run(id);
}

/** The next due deliveries, oldest first, of webhooks still active. */
export function dueDeliveries(db: Db, now: string, limit: number): (DeliveryRow & { url: string; secret: string })[] {
  return statement(
    db,
    `SELECT d.*, w.url, w.secret FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND w.active = 1
     ORDER BY d.next_attempt_at, d.created_at LIMIT ?`,
  ).all(now, limit) as (DeliveryRow & { url: string; secret: string })[];
}

/** When the next pending delivery of an active webhook is due; undefined when none is pending. */
export function nextDueAt(db: Db): string | undefined {
  const row = statement(db, `SELECT MIN(d.next_attempt_at) AS at FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.state = 'pending' AND w.active = 1`).get() as {
    at: string | null;
  };
  return row.at ?? undefined;
}

export function recordAttempt(
  db: Db,
  id: string,
  fields: Pick<DeliveryRow, 'state' | 'attempts' | 'next_attempt_at' | 'last_attempt_at' | 'last_status' | 'last_error' | 'delivered_at'>,
): void {
  statement(
    db,
    `UPDATE webhook_deliveries SET state = @state, attempts = @attempts, next_attempt_at = @next_attempt_at, last_attempt_at = @last_attempt_at,
       last_status = @last_status, last_error = @last_error, delivered_at = @delivered_at WHERE id = @id`,
  ).run({ ...fields, id });
}

export function getDelivery(db: Db, id: string): DeliveryRow | undefined {
  return statement(db, 'SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as DeliveryRow | undefined;
}

export function listDeliveries(db: Db, webhookId: string, limit: number): DeliveryRow[] {
  return statement(db, 'SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(webhookId, limit) as DeliveryRow[];
}

/** Per webhook: deliveries waiting, failed for good, and the last one tried. */
export function deliverySummary(db: Db, webhookId: string) {
  const counts = statement(db, `SELECT SUM(state = 'pending') AS pending, SUM(state = 'failed') AS failed, SUM(state = 'delivered') AS delivered FROM webhook_deliveries WHERE webhook_id = ?`).get(
    webhookId,
  ) as { pending: number | null; failed: number | null; delivered: number | null };
  const last = statement(db, 'SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND last_attempt_at IS NOT NULL ORDER BY last_attempt_at DESC, rowid DESC LIMIT 1').get(webhookId) as
    | DeliveryRow
    | undefined;
  return { pending: counts.pending ?? 0, failed: counts.failed ?? 0, delivered: counts.delivered ?? 0, last };
}
