import type { Db } from '../../foundations/db/open';
import { listOrderKeys, listOrderSources, listStatusHistory, parseOrderRow, type OrderRow } from '../orders/store';
import { listOrderTags } from '../orders/tags-store';

/** Values the list can be filtered by, for the filter menus. */
export function orderFacets(db: Db, teamIds?: readonly string[]) {
  if (teamIds) {
    const scope = JSON.stringify(teamIds);
    const inScope = 'team_id IN (SELECT value FROM json_each(?))';
    const tags = db.prepare(`SELECT DISTINCT label FROM tags WHERE ${inScope} ORDER BY label COLLATE NOCASE`).pluck().all(scope) as string[];
    const sources = db.prepare(`SELECT DISTINCT source FROM order_sources WHERE ${inScope} ORDER BY source`).pluck().all(scope) as string[];
    return { tags, sources };
  }
  const tags = (db.prepare('SELECT DISTINCT label FROM tags ORDER BY label COLLATE NOCASE').all() as { label: string }[]).map((r) => r.label);
  const sources = (db.prepare('SELECT DISTINCT source FROM order_sources ORDER BY source').all() as { source: string }[]).map((r) => r.source);
  return { tags, sources };
}

/** Everything the order detail panel shows. */
export function orderDetail(db: Db, row: OrderRow) {
  const team = db.prepare('SELECT id, name, type, status FROM teams WHERE id = ?').get(row.team_id) as {
    id: string;
    name: string;
    type: string;
    status: string;
  };
  return {
    ...parseOrderRow(row),
    team,
    orderKeys: listOrderKeys(db, row.id),
    tags: listOrderTags(db, row.id),
    sources: listOrderSources(db, row.id).map((source) => ({
      source: source.source,
      sourceId: source.source_id,
      receivedAt: source.received_at,
      updatedAt: source.updated_at,
      payload: JSON.parse(source.payload) as unknown,
      /** The fields the source's last body carried that the order API ignored. */
      warnings: source.warnings ? (JSON.parse(source.warnings) as { path: string; message: string }[]) : [],
    })),
    history: listStatusHistory(db, row.id),
    printing: printingOf(db, row.id),
  };
}

/**
 * Where an order's printing stands, for the bench: how many print requests put it on paper
 * (their jobs finished: `done`, or `unknown` where the hand-off counts) and the last, on
 * which printer; and every job of it not finished yet, with where it waits and why (a
 * paused printer says so).
 */
export function printingOf(db: Db, orderId: string) {
  const finished = db
    .prepare(
      `SELECT COUNT(DISTINCT j.request_id) AS times, MAX(j.finished_at) AS lastAt,
              (SELECT coalesce(p.nickname, p.name) FROM print_job_documents d2 JOIN print_jobs j2 ON j2.id = d2.job_id JOIN printers p ON p.id = j2.printer_id
               WHERE d2.order_id = @orderId AND j2.state IN ('done', 'unknown') ORDER BY j2.finished_at DESC LIMIT 1) AS lastPrinter
       FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id
       WHERE d.order_id = @orderId AND j.state IN ('done', 'unknown')`,
    )
    .get({ orderId }) as { times: number; lastAt: string | null; lastPrinter: string | null };
  const open = db
    .prepare(
      `SELECT DISTINCT j.id AS jobId, j.batch_id AS batchId, j.state, j.reason, coalesce(p.nickname, p.name) AS printerName, p.status AS printerStatus, p.status_reason AS printerReason
       FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id JOIN printers p ON p.id = j.printer_id
       WHERE d.order_id = ? AND j.state IN ('queued', 'rendering', 'submitting', 'submitted') ORDER BY j.created_at`,
    )
    .all(orderId) as { jobId: string; batchId: string; state: string; reason: string | null; printerName: string; printerStatus: string; printerReason: string | null }[];
  return { timesPrinted: finished.times, lastPrintedAt: finished.lastAt, lastPrinter: finished.lastPrinter, open };
}
