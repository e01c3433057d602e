import { inDashboardTeams, requireDashboardTeam } from '../teams/dashboard-scope';
import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { notFound } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { newId, nowIso } from '../../foundations/ids';
import { getTeam, listTeams } from '../teams/store';
import type { WebhookDispatcher } from './dispatcher';
import {
  deleteWebhook,
  deliverySummary,
  getDelivery,
  getWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  recordAttempt,
  updateWebhook,
  WEBHOOK_EVENTS,
  type DeliveryRow,
  type WebhookRow,
} from './store';

const url = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => {
    try {
      const parsed = new URL(text);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password;
    } catch {
      return false;
    }
  }, 'An http(s) URL without user name or password');
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length);

export const createBody = z.strictObject({ teamId: z.string().min(1).max(100), url, events: events.default([...WEBHOOK_EVENTS]) });
export const webhookListQuery = z.object({ teamId: z.string().max(100).optional().transform((id) => id || undefined) });
export const updateBody = z.strictObject({ url: url.optional(), events: events.optional(), active: z.boolean().optional() });
export const deliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** `whsec_` + 32 random bytes: the HMAC key, shown at creation and on a new secret. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const deliveryView = (row: DeliveryRow) => ({
  id: row.id,
  event: row.event_type,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
  lastAttemptAt: row.last_attempt_at,
  lastStatus: row.last_status,
  lastError: row.last_error,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
  payload: JSON.parse(row.payload) as unknown,
});

function webhookView(db: Db, row: WebhookRow, teamNames: Map<string, string>) {
  const summary = deliverySummary(db, row.id);
  return {
    id: row.id,
    teamId: row.team_id,
    teamName: teamNames.get(row.team_id) ?? row.team_id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    active: row.active === 1,
    pending: summary.pending,
    failed: summary.failed,
    delivered: summary.delivered,
    lastDelivery: summary.last ? { state: summary.last.state, at: summary.last.last_attempt_at, status: summary.last.last_status, error: summary.last.last_error } : null,
    createdAt: row.created_at,
  };
}

/** Dashboard: webhooks of the caller's teams (docs/api.md, Webhooks); a webhook by id is checked by the guard. */
export function webhookAdminRoutes(router: Router, db: Db, dispatcher: () => WebhookDispatcher | undefined): void {
  const teamNames = () => new Map(listTeams(db).map((team) => [team.id, team.name]));
  const webhookOf = (id: string) => {
    const row = getWebhook(db, id);
    if (!row) throw notFound('No webhook with that id');
    return row;
  };

  router.get('/admin/api/webhooks', (ctx) => {
    const { teamId } = validate(webhookListQuery, ctx.query, 'The webhook filter is not valid');
    const names = teamNames();
    if (teamId) requireDashboardTeam(ctx, teamId);
    ctx.body = inDashboardTeams(ctx, listWebhooks(db, teamId), (row) => row.team_id).map((row) => webhookView(db, row, names));
  });

  router.post('/admin/api/webhooks', (ctx) => {
    const body = validate(createBody, ctx.request.body, 'The webhook is not valid');
    if (!getTeam(db, body.teamId)) throw notFound('No team with that id');
    requireDashboardTeam(ctx, body.teamId);
    const at = nowIso();
    const row: WebhookRow = { id: newId(), team_id: body.teamId, url: body.url, secret: newSecret(), events: JSON.stringify([...new Set(body.events)]), active: 1, created_at: at, updated_at: at };
    insertWebhook(db, row);
    ctx.status = 201;
    ctx.body = { ...webhookView(db, row, teamNames()), secret: row.secret };
  });

  router.put('/admin/api/webhooks/:id', (ctx) => {
    const row = webhookOf(ctx.params.id!);
    const body = validate(updateBody, ctx.request.body, 'The webhook is not valid');
    updateWebhook(
      db,
      row.id,
      {
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify([...new Set(body.events)]) } : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
      },
      nowIso(),
    );
    // Turned back on: what waited while it was off goes out now.
    if (body.active) dispatcher()?.wake();
    ctx.body = webhookView(db, getWebhook(db, row.id)!, teamNames());
  });

  /** A new secret (the old one stops signing at once); shown this once. */
  router.post('/admin/api/webhooks/:id/secret', (ctx) => {
    const row = webhookOf(ctx.params.id!);
    const secret = newSecret();
    updateWebhook(db, row.id, { secret }, nowIso());
    ctx.body = { ...webhookView(db, getWebhook(db, row.id)!, teamNames()), secret };
  });

  router.delete('/admin/api/webhooks/:id', (ctx) => {
    const row = webhookOf(ctx.params.id!);
    deleteWebhook(db, row.id);
    ctx.body = { success: true, id: row.id };
  });

  router.get('/admin/api/webhooks/:id/deliveries', (ctx) => {
    const row = webhookOf(ctx.params.id!);
    const { limit } = validate(deliveriesQuery, ctx.query, 'The query is not valid');
    ctx.body = listDeliveries(db, row.id, limit).map(deliveryView);
  });

  /** Sends a delivery again now: a failed one after the receiver was fixed, or a pending one without waiting. */
  router.post('/admin/api/webhook-deliveries/:id/retry', (ctx) => {
    const delivery = getDelivery(db, ctx.params.id!);
    if (!delivery) throw notFound('No delivery with that id');
    const at = nowIso();
    recordAttempt(db, delivery.id, { ...delivery, state: 'pending', attempts: delivery.state === 'failed' ? 0 : delivery.attempts, next_attempt_at: at, delivered_at: delivery.delivered_at });
    dispatcher()?.wake();
    ctx.body = deliveryView(getDelivery(db, delivery.id)!);
  });
}
