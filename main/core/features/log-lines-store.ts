import type { Db } from '../foundations/db/open';
import { statement } from '../foundations/db/statements';

/** What the terminal's story (log-lines.ts) says of an order, a print request and a job. */
export function orderFacts(db: Db, orderId: string): { order_number: string; status: string; team: string } | undefined {
  return statement(db, 'SELECT o.order_number, o.status, t.name AS team FROM orders o JOIN teams t ON t.id = o.team_id WHERE o.id = ?').get(orderId) as
    | { order_number: string; status: string; team: string }
    | undefined;
}

export function batchFacts(db: Db, batchId: string): { name: string; trigger: string; orders: number; jobs: number; printer: string | null } | undefined {
  return statement(
    db,
    `SELECT b.name, b.trigger, json_array_length(b.orders) AS orders, (SELECT COUNT(*) FROM print_jobs j WHERE j.batch_id = b.id) AS jobs,
            (SELECT coalesce(p.nickname, p.name) FROM printers p WHERE p.id = b.printer_id) AS printer
     FROM print_batches b WHERE b.id = ?`,
  ).get(batchId) as { name: string; trigger: string; orders: number; jobs: number; printer: string | null } | undefined;
}

/** A refusal's request, severity and each refused order's number (or the id asked for) with its first reason. */
export function refusalFacts(db: Db, refusalId: string): { name: string; trigger: string; severity: string; orders: { number: string; reason: string }[] } | undefined {
  const row = statement(db, 'SELECT name, trigger, severity, orders FROM print_refusals WHERE id = ?').get(refusalId) as { name: string; trigger: string; severity: string; orders: string } | undefined;
  if (!row) return undefined;
  const orders = JSON.parse(row.orders) as { id: string; reasons?: { message: string }[] }[];
  const numbers = statement(db, 'SELECT id, order_number AS number FROM orders WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(orders.map((order) => order.id))) as { id: string; number: string }[];
  const numberOf = new Map(numbers.map((entry) => [entry.id, entry.number]));
  return { ...row, orders: orders.map((order) => ({ number: numberOf.get(order.id) ?? order.id, reason: order.reasons?.[0]?.message ?? '' })) };
}

/** A job's printer, and the numbers of its first four orders. */
export function jobFacts(db: Db, jobId: string): { printer: string; numbers: string | null } | undefined {
  return statement(
    db,
    `SELECT coalesce(p.nickname, p.name) AS printer,
            (SELECT group_concat(number, ', ') FROM (SELECT DISTINCT o.order_number AS number FROM print_job_documents d JOIN orders o ON o.id = d.order_id WHERE d.job_id = j.id LIMIT 4)) AS numbers
     FROM print_jobs j JOIN printers p ON p.id = j.printer_id WHERE j.id = ?`,
  ).get(jobId) as { printer: string; numbers: string | null } | undefined;
}
