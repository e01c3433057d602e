import type { Caller } from '../teams/caller';
import { isThreePl } from '../teams/caller';
import type { GroupCommitter } from '../../foundations/db/group-commit';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import type { MergeDecision, OrderAhead, OrderHooks, OrderWrittenEvent } from './order-hooks';
import { orderAheadOf } from './order-ahead';
import { badRequest, notFound } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { newId, nowIso } from '../../foundations/ids';
import { consoleLogger, type Logger } from '../../foundations/logger';
import { ignoredFields, type IgnoredField } from '../../foundations/ignored-fields';
import type { CarrierPdfs } from '../carrier-labels/carrier-pdfs';
import { checkCarrierLabelPdfs, type CarrierLabelPages } from '../carrier-labels/pages';
import { orderRequestSchema, type OrderData, type OrderRequest } from './schema';
import {
  appendStatusHistory,
  dataColumns,
  findOrderIdByKey,
  findOrderIdBySource,
  findOrderRow,
  getOrderRow,
  insertOrder,
  insertOrderKey,
  listOrderKeys,
  listOrderSources,
  parseOrderRow,
  updateOrderData,
  upsertOrderSource,
  type OrderRow,
} from './store';
import { listOrderTags, resolveTags, setOrderTags, type Tag } from './tags-store';
import { listTeamIds } from '../teams/store';

/** `<team_id>/<source>-<sourceId>`: the key of an API-created order. */
export const orderKeyFor = (teamId: string, source: string, sourceId: string): string => `${teamId}/${source}-${sourceId}`;

export interface OrdersServiceDeps {
  db: Db;
  writer: GroupCommitter;
  hooks: OrderHooks;
  events: StationEvents;
  /** Reads carrier-label PDFs off the event loop, under limits. */
  carrierPdfs: CarrierPdfs;
  /** Where the pages read are kept for the write's documents (station/platform.ts builds one). */
  labelPages: CarrierLabelPages;
  logger?: Logger;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService({ db, writer, hooks, events, carrierPdfs, labelPages, logger = consoleLogger() }: OrdersServiceDeps) {
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
   * `autoPrint: false` keeps a new order from printing automatically (a CSV import asked not to).
   */
  async function ingest(caller: Caller, body: unknown, options: { autoPrint?: boolean } = {}): Promise<Order201> {
    const request = validate(orderRequestSchema, body, 'The order is not valid');
    // Unknown fields are ignored (the contract's clients rely on it), and the answer says which.
    const warnings = ignoredFields(orderRequestSchema, body);
    const teamId = owningTeamId(caller, request.targetTeamId);
    // The labels written anew replace the carrier's bytes in the order and in the kept payload.
    await checkCarrierLabelPdfs(request.order.variables, carrierPdfs, labelPages, [(body as { order?: { variables?: unknown } }).order?.variables], teamId);
    // Links run sandboxed code; they are consulted only for a source+sourceId not seen before.
    const consultLinks = hooks.resolveMergeTarget.length > 0 && !findOrderIdBySource(db, teamId, request.source, request.sourceId);
    const merge = consultLinks ? await findMergeTarget(teamId, request, body) : undefined;
    // Fixed before any work ahead, so what is done ahead describes the order the write stores.
    const fixed: FixedForWrite = { at: nowIso(), newOrderId: newId() };
    await workAhead(teamId, request, merge, fixed);
    const { event, resource } = await write(teamId, request, body, merge, warnings, options.autoPrint, fixed);
    // The order is on disk now: a failing side effect must not turn the answer into a 500,
    // which would tell the sender that the order was not taken.
    try {
      for (const hook of hooks.orderCommitted) hook(event);
      events.emit('order', { type: event.created ? 'created' : event.merged ? 'merged' : 'updated', orderId: event.order.id, teamId });
    } catch (error) {
      logger.error('after-commit work of an order failed', { orderId: event.order.id, error: String((error as Error)?.stack ?? error) });
    }
    return warnings.length ? { ...resource, warnings } : resource;
  }

  /**
   * The `beforeOrderWrite` hooks, given the order as the write would store it now (documents
   * check their templates against it on a thread of their own, off the event loop). A body
   * the write will refuse (a key taken) is left to the write to refuse.
   */
  async function workAhead(teamId: string, request: OrderRequest, merge: MergeDecision | undefined, fixed: FixedForWrite): Promise<void> {
    if (hooks.beforeOrderWrite.length === 0) return;
    let worked: { ahead: OrderAhead | undefined } | undefined;
    const ahead = () => {
      if (!worked) {
        try {
          worked = { ahead: orderAheadOf(db, { ...planWrite(teamId, request, merge, fixed), source: request.source }) };
        } catch {
          worked = { ahead: undefined };
        }
      }
      return worked.ahead;
    };
    await Promise.all(
      hooks.beforeOrderWrite.map((hook) =>
        hook(ahead).catch((error: unknown) => logger.error('work ahead of an order write failed; the write does it itself', { error: String(error) })),
      ),
    );
  }

  /**
   * The one write path: the order is planned and its documents checked once, inside its
   * transaction (the `orderWritten` hooks; a check done ahead for the same order is used).
   * The answer is built inside it too, so it shows exactly what was committed.
   */
  function write(teamId: string, request: OrderRequest, body: unknown, merge: MergeDecision | undefined, warnings: IgnoredField[], autoPrint: boolean | undefined, fixed: FixedForWrite) {
    return writer.write(() => {
      const written = writeOrder(planWrite(teamId, request, merge, fixed), body, warnings, autoPrint);
      return { event: written, resource: orderResource(db, written.order, written.keys, written.tags) };
    });
  }

  /**
   * What the write will store, read inside its transaction: the order row as it will be (new,
   * updated from its first source, or merged), whether it takes the key, and its tags' labels.
   */
  function planWrite(teamId: string, request: OrderRequest, merge: MergeDecision | undefined, { at, newOrderId }: FixedForWrite): WritePlan {
    const { source, sourceId } = request;
    const key = orderKeyFor(teamId, source, sourceId);
    // Read inside the transaction: a concurrent request may have created it since the links ran.
    const existingId = findOrderIdBySource(db, teamId, source, sourceId);
    const mergeRow = !existingId && merge ? getOrderRow(db, merge.orderId) : undefined;
    const target = existingId ? getOrderRow(db, existingId)! : mergeRow?.team_id === teamId ? mergeRow : undefined;
    // `a-b` + `c` and `a` + `b-c` form the same key; the first order keeps it.
    const keyOwner = findOrderIdByKey(db, teamId, key);
    if (keyOwner !== undefined && keyOwner !== target?.id) {
      throw badRequest(`The order key ${key} already belongs to another order of this team`, [
        { path: 'sourceId', message: 'source + "-" + sourceId forms the key of another order; choose a source without "-"' },
      ], 'order_key_taken');
    }
    const labels = request.order.tags?.map((tag) => tag.label);
    if (!target) {
      const data = { ...request.order, orderDate: request.order.orderDate ?? at };
      const columns = dataColumns(data);
      const row: OrderRow = { id: newOrderId, team_id: teamId, status: 'ready', ...columns, created_at: at, updated_at: at };
      return { request, merge, at, key, takesKey: true, row, columns, created: true, merged: false, tagLabels: labels ?? [] };
    }
    const primary = listOrderSources(db, target.id)[0];
    const fromPrimary = !primary || (primary.source === source && primary.source_id === sourceId);
    const data = fromPrimary ? replaceData(target, request.order) : mergeData(target, request.order);
    // The status and creation time are the stored ones; everything else is what is written now.
    const columns = dataColumns(data);
    const row: OrderRow = { ...target, ...columns, updated_at: at };
    const merged = !existingId;
    // A merge without tags keeps the order's; otherwise the request's tags are the order's
    // (a merge adds them to what it has).
    const tagLabels = merged && !labels ? undefined : [...(merged ? listOrderTags(db, row.id).map((tag) => tag.label) : []), ...(labels ?? [])];
    return { request, merge, at, key, takesKey: keyOwner === undefined, row, columns, created: false, merged, tagLabels };
  }

  function writeOrder(plan: WritePlan, payload: unknown, warnings: IgnoredField[], autoPrint?: boolean) {
    const { request, merge, at, key, row, created, merged } = plan;
    const { source, sourceId } = request;
    const teamId = row.team_id;
    if (created) {
      insertOrder(db, row);
      appendStatusHistory(db, row.id, 'ready', `received from ${source}`, at);
    } else {
      updateOrderData(db, row.id, plan.columns, at);
      if (merged) appendStatusHistory(db, row.id, row.status, `merged ${source}-${sourceId} (${merge!.reason})`, at);
    }

    if (plan.takesKey) insertOrderKey(db, teamId, key, row.id, at);
    upsertOrderSource(db, { team_id: teamId, source, source_id: sourceId, order_id: row.id, payload: JSON.stringify(payload), received_at: at, updated_at: at, warnings: warnings.length ? JSON.stringify(warnings) : null });
    let tags: Tag[] | undefined;
    if (plan.tagLabels) {
      tags = resolveTags(db, teamId, plan.tagLabels, at);
      setOrderTags(db, row.id, tags, !created);
    }
    const event: OrderWrittenEvent = { order: row, created, merged, source, sourceId, ...(autoPrint === false ? { autoPrint } : {}) };
    for (const hook of hooks.orderWritten) hook(db, event);
    // A new order has exactly the key just made; hooks never add keys.
    return { ...event, keys: created ? [key] : undefined, tags };
  }

  function findForCaller(caller: Caller, idOrKey: string): OrderRow {
    const row = findOrderRow(db, idOrKey, caller.teamIds);
    if (!row) throw notFound('No order with that id or key');
    return row;
  }

  return { ingest, findForCaller, owningTeamId };
}

/** What a write uses that is chosen once, before any work ahead: its time, and the id a new order gets. */
interface FixedForWrite {
  at: string;
  newOrderId: string;
}

interface WritePlan {
  request: OrderRequest;
  merge: MergeDecision | undefined;
  at: string;
  /** `<team_id>/<source>-<sourceId>`, stored for the order when `takesKey`. */
  key: string;
  takesKey: boolean;
  row: OrderRow;
  /** The data columns an update writes. */
  columns: ReturnType<typeof dataColumns>;
  created: boolean;
  merged: boolean;
  /** The order's tags after the write; undefined: a merge that keeps the order's tags. */
  tagLabels: string[] | undefined;
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

/**
 * The Order (response) of the contract. Keys and tags already known to the caller are
 * passed in to spare the queries on the ingest path.
 */
export function orderResource(db: Db, rowOrId: OrderRow | string, keys?: string[], tags?: Tag[]) {
  const row = typeof rowOrId === 'string' ? getOrderRow(db, rowOrId)! : rowOrId;
  const { teamId: _teamId, ...fields } = parseOrderRow(row);
  return {
    ...fields,
    orderKeys: keys ?? listOrderKeys(db, row.id),
    tags: tags ?? listOrderTags(db, row.id),
  };
}
/** The answer to POST /api/orders: the order as stored, and the fields it ignored, if any. */
export type Order201 = ReturnType<typeof orderResource> & { warnings?: IgnoredField[] };

/** The Order status object: snake_case, as the contract shows it. */
export function orderStatusResource(db: Db, row: OrderRow) {
  return {
    id: row.id,
    order_keys: listOrderKeys(db, row.id),
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An order of any team, by id or key: the dashboard acts for the station operator. 404 when there is none. */
export function findAnyOrder(db: Db, idOrKey: string): OrderRow {
  const row = findOrderRow(db, idOrKey, listTeamIds(db));
  if (!row) throw notFound(`No order with the id or key "${idOrKey.slice(0, 200)}"`);
  return row;
}
