import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';
import type { CarrierLabelRef } from '../carrier-labels/labels';
import type { DocumentRecord, PaperSpec } from './contract';
import { type OrderRow } from '../orders/store';

/** What a document row keeps of its carrier label: the API's view plus the content hash. */
export interface StoredCarrierLabel extends CarrierLabelRef {
  hash: string;
}

interface DocumentRow {
  id: string;
  order_id: string;
  team_id: string;
  position: number;
  tag: string;
  template_id: string;
  template_override_id: string | null;
  paper: string;
  complete: number;
  incomplete_reason: string | null;
  carrier_label: string | null;
  created_at: string;
  updated_at: string;
}

function toRecord(row: DocumentRow, paperOf: (json: string) => PaperSpec = (json) => JSON.parse(json) as PaperSpec): DocumentRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    teamId: row.team_id,
    tag: row.tag,
    templateId: row.template_id,
    templateOverrideId: row.template_override_id,
    paper: paperOf(row.paper),
    complete: row.complete === 1,
    incompleteReason: row.incomplete_reason,
    carrierLabel: carrierLabelOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function carrierLabelOf(row: Pick<DocumentRow, 'carrier_label'>): CarrierLabelRef | null {
  if (!row.carrier_label) return null;
  const { index, format, name } = JSON.parse(row.carrier_label) as StoredCarrierLabel;
  return { index, format, name };
}

export function listDocuments(db: Db, orderId: string): DocumentRecord[] {
  return (statement(db, 'SELECT * FROM documents WHERE order_id = ? ORDER BY position').all(orderId) as DocumentRow[]).map((row) => toRecord(row));
}

/** The documents of many orders in one query (a print request of a thousand), each order's in flow order. */
export function listDocumentsOfOrders(db: Db, orderIds: readonly string[]): Map<string, DocumentRecord[]> {
  const rows = statement(db, 'SELECT * FROM documents WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY order_id, position').all(JSON.stringify(orderIds)) as DocumentRow[];
  const byOrder = new Map<string, DocumentRecord[]>();
  // A thousand orders' documents have a few papers: each parsed once, shared (frozen: read only).
  const papers = new Map<string, PaperSpec>();
  const paperOf = (json: string) => {
    let paper = papers.get(json);
    if (!paper) papers.set(json, (paper = Object.freeze(JSON.parse(json) as PaperSpec)));
    return paper;
  };
  for (const row of rows) {
    const record = toRecord(row, paperOf);
    const list = byOrder.get(row.order_id);
    if (list) list.push(record);
    else byOrder.set(row.order_id, [record]);
  }
  return byOrder;
}

export function getDocument(db: Db, id: string): DocumentRecord | undefined {
  const row = statement(db, 'SELECT * FROM documents WHERE id = ?').get(id) as DocumentRow | undefined;
  return row && toRecord(row);
}

export interface DocumentWrite {
  id: string;
  position: number;
  tag: string;
  templateId: string;
  templateOverrideId: string | null;
  paper: PaperSpec;
  complete: boolean;
  incompleteReason: string | null;
  /** Set for a carrier label the order carries; absent for a template's document. */
  carrierLabel?: StoredCarrierLabel;
}

/**
 * Replaces an order's documents with `next`. Ids in `next` that already exist are updated
 * in place (print jobs and the dashboard keep pointing at them); the rest are inserted,
 * and documents missing from `next` are deleted.
 */
export function replaceDocuments(db: Db, orderId: string, teamId: string, next: DocumentWrite[], at: string): void {
  const keep = new Set(next.map((doc) => doc.id));
  for (const doc of listDocumentIds(db, orderId)) if (!keep.has(doc)) statement(db, 'DELETE FROM documents WHERE id = ?').run(doc);
  const upsert = statement(
    db,
    `INSERT INTO documents (id, order_id, team_id, position, tag, template_id, template_override_id, paper, complete,
       incomplete_reason, carrier_label, created_at, updated_at)
     VALUES (@id, @order_id, @team_id, @position, @tag, @template_id, @template_override_id, @paper, @complete,
       @incomplete_reason, @carrier_label, @at, @at)
     ON CONFLICT (id) DO UPDATE SET position = excluded.position, tag = excluded.tag, template_id = excluded.template_id,
       template_override_id = excluded.template_override_id, paper = excluded.paper, complete = excluded.complete,
       incomplete_reason = excluded.incomplete_reason, carrier_label = excluded.carrier_label, updated_at = excluded.updated_at`,
  );
  for (const doc of next) {
    upsert.run({
      id: doc.id,
      order_id: orderId,
      team_id: teamId,
      position: doc.position,
      tag: doc.tag,
      template_id: doc.templateId,
      template_override_id: doc.templateOverrideId,
      paper: JSON.stringify(doc.paper),
      complete: doc.complete ? 1 : 0,
      incomplete_reason: doc.incompleteReason,
      carrier_label: doc.carrierLabel ? JSON.stringify(doc.carrierLabel) : null,
      at,
    });
  }
}

export interface DocumentKey {
  id: string;
  tag: string;
  template_id: string;
  paper: string;
  carrier_label: string | null;
}

export function listDocumentKeys(db: Db, orderId: string): DocumentKey[] {
  return statement(db, 'SELECT id, tag, template_id, paper, carrier_label FROM documents WHERE order_id = ? ORDER BY position').all(orderId) as DocumentKey[];
}

/** The stored carrier label of a document row, with its hash (rebuilds compare it). */
export const storedCarrierLabel = (row: Pick<DocumentKey, 'carrier_label'>): StoredCarrierLabel | null =>
  row.carrier_label ? (JSON.parse(row.carrier_label) as StoredCarrierLabel) : null;

function listDocumentIds(db: Db, orderId: string): string[] {
  return listDocumentKeys(db, orderId).map((row) => row.id);
}

/** Orders still to print (`ready`) with a document from this template, as base or as override. */
export function readyOrdersUsingTemplate(db: Db, templateId: string): OrderRow[] {
  return statement(
    db,
    `SELECT DISTINCT o.* FROM documents d JOIN orders o ON o.id = d.order_id
     WHERE (d.template_id = ? OR d.template_override_id = ?) AND o.status = 'ready'`,
  ).all(templateId, templateId) as OrderRow[];
}
