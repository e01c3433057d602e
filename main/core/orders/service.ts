import type { Caller } from '../auth/scope';
import { isThreePl } from '../auth/scope';
import type { GroupCommitter } from '../db/group-commit';
import type { Db } from '../db/open';
import type { StationEvents } from '../events';
import type { MergeDecision, OrderWrittenEvent, StationHooks } from '../hooks';
import { badRequest, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { newId, nowIso } from '../ids';
import { orderRequestSchema, type OrderData, type OrderRequest } from './schema';
import {
  appendStatusHistory,
  dataColumns,
  findOrderIdBySource,
  findOrderRow,
  getOrderRow,
  insertOrder,
  insertOrderKey,
  listOrderSources,
  parseOrderRow,
  updateOrderData,
  upsertOrderSource,
  type OrderRow,
} from './store';
import { listOrderTags, resolveTags, setOrderTags } from './tags-store';

/** `<team_id>/<source>-<sourceId>`: the key of an API-created order. */
export const orderKeyFor = (teamId: string, source: string, sourceId: string): string => `${teamId}/${source}-${sourceId}`;

export interface OrdersServiceDeps {
  db: Db;
  writer: GroupCommitter;
  hooks: StationHooks;
  events: StationEvents;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService({ db, writer, hooks, events }: OrdersServiceDeps) {
  /** Which team owns an incoming order (spec: 3PL targeting). */
  function owningTeamId(caller: Caller, targetTeamId: string | undefined): string {
    if (targetTeamId === undefined || targetTeamId === caller.team.id) return caller.team.id;
    if (!isThreePl(caller) || !caller.teamIds.includes(targetTeamId)) {
      throw badRequest('targetTeamId must be a merchant team managed by this 3PL team', [
        { path: 'targetTeamId', message: 'Not a merchant of the calling team' },
      ]);
    }
    return targetTeamId;
  }

  async function findMergeTarget(teamId: string, request: OrderRequest, payload: unknown): Promise<MergeDecision | undefined> {
    for (const hook of hooks.resolveMergeTarget) {
      const decision = await hook({ teamId, source: request.source, sourceId: request.sourceId, payload });
      if (decision) return decision;
    }
    return undefined;
  }

  /**
   * Creates or updates an order from an API body. The (team, source, sourceId) triple
   * identifies it; a link may merge a new source into an existing order instead.
   */
  async function ingest(caller: Caller, body: unknown): Promise<Order201> {
    const request = validate(orderRequestSchema, body, 'The order is not valid');
    const teamId = owningTeamId(caller, request.targetTeamId);
    const known = findOrderIdBySource(db, teamId, request.source, request.sourceId);
    // Links run sandboxed code; they are consulted only for a source+sourceId not seen before.
    const merge = known ? undefined : await findMergeTarget(teamId, request, body);

    const event = await writer.write(() => writeOrder(teamId, request, body, merge));
    for (const hook of hooks.orderCommitted) hook(event);
    events.emit('order', { type: event.created ? 'created' : event.merged ? 'merged' : 'updated', orderId: event.order.id, teamId });
    return orderResource(db, event.order.id);
  }

  function writeOrder(teamId: string, request: OrderRequest, payload: unknown, merge: MergeDecision | undefined): OrderWrittenEvent {
    const at = nowIso();
    const { source, sourceId } = request;
    const key = orderKeyFor(teamId, source, sourceId);
    // Read again inside the transaction: a concurrent request may have created it meanwhile.
    const existingId = findOrderIdBySource(db, teamId, source, sourceId);
    const mergeRow = !existingId && merge ? getOrderRow(db, merge.orderId) : undefined;
    const target = existingId ? getOrderRow(db, existingId)! : mergeRow?.team_id === teamId ? mergeRow : undefined;
    let row: OrderRow;
    let created = false;
    let merged = false;

    if (!target) {
      const data = { ...request.order, orderDate: request.order.orderDate ?? at };
      row = { id: newId(), team_id: teamId, status: 'ready', ...dataColumns(data), created_at: at, updated_at: at };
      insertOrder(db, row);
      appendStatusHistory(db, row.id, 'ready', `received from ${source}`, at);
      created = true;
    } else {
      const primary = listOrderSources(db, target.id)[0];
      const fromPrimary = !primary || (primary.source === source && primary.source_id === sourceId);
      const data = fromPrimary ? replaceData(target, request.order) : mergeData(target, request.order);
      updateOrderData(db, target.id, dataColumns(data), at);
      row = getOrderRow(db, target.id)!;
      merged = !existingId;
      if (merged) appendStatusHistory(db, row.id, row.status, `merged ${source}-${sourceId} (${merge!.reason})`, at);
    }

    insertOrderKey(db, teamId, key, row.id, at);
    upsertOrderSource(db, { team_id: teamId, source, source_id: sourceId, order_id: row.id, payload: JSON.stringify(payload), received_at: at, updated_at: at });
    const labels = request.order.tags?.map((tag) => tag.label);
    if (created || !merged || labels) {
      const current = merged ? listOrderTags(db, row.id).map((tag) => tag.label) : [];
      setOrderTags(db, row.id, resolveTags(db, teamId, [...current, ...(labels ?? [])], at));
    }
    const event: OrderWrittenEvent = { order: row, created, merged, source, sourceId };
    for (const hook of hooks.orderWritten) hook(db, event);
    return event;
  }

  function findForCaller(caller: Caller, idOrKey: string): OrderRow {
    const row = findOrderRow(db, idOrKey, caller.teamIds);
    if (!row) throw notFound('No order with that id or key');
    return row;
  }

  return { ingest, findForCaller, owningTeamId };
}

/**
 * An update from the order's first source replaces its data: the source system sends the
 * order as it now is. The order date stays when the update omits it.
 */
function replaceData(existing: OrderRow, incoming: OrderData): OrderData & { orderDate: string } {
  return { ...incoming, orderDate: incoming.orderDate ?? existing.order_date };
}

/**
 * A merged (secondary) source only adds: fields it sends replace the order's, fields it
 * omits are kept, variables merge key by key, and the order number stays the first
 * source's, since people already know the order by it.
 */
function mergeData(existing: OrderRow, incoming: OrderData): OrderData & { orderDate: string } {
  const current = parseOrderRow(existing);
  const defined = Object.fromEntries(Object.entries(incoming).filter(([, value]) => value !== undefined)) as OrderData;
  return {
    ...current,
    ...defined,
    lineItems: incoming.lineItems ?? current.lineItems,
    orderNumber: current.orderNumber,
    orderDate: current.orderDate,
    variables: current.variables || incoming.variables ? { ...current.variables, ...incoming.variables } : undefined,
  };
}

/** The Order (response) of the contract. */
export function orderResource(db: Db, orderId: string) {
  const order = parseOrderRow(getOrderRow(db, orderId)!);
  const { teamId: _teamId, ...fields } = order;
  return {
    ...fields,
    orderKeys: listOrderKeysOf(db, orderId),
    tags: listOrderTags(db, orderId),
  };
}
export type Order201 = ReturnType<typeof orderResource>;

function listOrderKeysOf(db: Db, orderId: string): string[] {
  return (db.prepare('SELECT key FROM order_keys WHERE order_id = ? ORDER BY created_at, rowid').all(orderId) as { key: string }[]).map((r) => r.key);
}

/** The Order status object: snake_case, as the contract shows it. */
export function orderStatusResource(db: Db, row: OrderRow) {
  return {
    id: row.id,
    order_keys: listOrderKeysOf(db, row.id),
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
