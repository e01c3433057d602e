import type { Db } from '../../../foundations/db/open';
import type { OrderStatus } from '../../orders/schema';
import { appendStatusHistory } from '../../orders/store';
import { enqueueWebhookEvent } from '../../webhooks/store';
import { requestTitle } from './request-state';
import { insertRefusal, orderNumbersOf } from './refusals-store';
import type { PrintBatchResult } from './schema';

/**
 * Keeps a print request's refused orders (a `warning` or `error` result) on record, in the
 * request's own write: the refusal itself (Batches, the Overview), a line in each refused
 * order's history naming the request and the reason, and a `print_request.refused` webhook
 * delivery. Nothing of it prints; `strict=true` records nothing (it throws before this).
 */
export function recordRefusal(
  db: Db,
  input: {
    requestId: string;
    teamId: string;
    name: string;
    ref: string | null;
    trigger: 'api' | 'auto' | 'admin';
    result: PrintBatchResult;
    /** The order's status now (undefined: the requested id matched no order). */
    statusOf: (orderId: string) => OrderStatus | undefined;
    at: string;
  },
): void {
  const { result, at } = input;
  const severity = result.status === 'error' ? 'error' : 'warning';
  const orders = result.orders as { id: string; orderKeys: string[]; reasons?: { code: string; message: string }[] }[];
  insertRefusal(db, {
    id: result.id,
    request_id: input.requestId,
    team_id: input.teamId,
    name: input.name,
    ref: input.ref,
    trigger: input.trigger,
    severity,
    reason: result.reason ?? '',
    orders: JSON.stringify(orders),
    created_at: at,
  });
  const numbers = orderNumbersOf(db, orders.map((order) => order.id));
  const title = requestTitle({ name: input.name, trigger: input.trigger }, orders.map((order) => numbers.get(order.id) ?? order.id));
  for (const order of orders) {
    const status = input.statusOf(order.id);
    if (!status) continue;
    const why = (order.reasons ?? []).map((reason) => reason.message).join('; ');
    appendStatusHistory(db, order.id, status, `not printed (${title}): ${why}`, at);
  }
  enqueueWebhookEvent(
    db,
    input.teamId,
    'print_request.refused',
    () => ({ id: result.id, requestId: input.requestId, name: input.name, ref: input.ref, trigger: input.trigger, severity, reason: result.reason, orders }),
    at,
  );
}
