import type { Db } from './db/open';
import { statement } from './db/statements';

/** What the terminal's story (activity-log.ts) says of an order, a print request and a job. */
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

/** A job's printer, and the numbers of its first four orders. */
export function jobFacts(db: Db, jobId: string): { printer: string; numbers: string | null } | undefined {
  return statement(
    db,
    `SELECT coalesce(p.nickname, p.name) AS printer,
            (SELECT group_concat(number, ', ') FROM (SELECT DISTINCT o.order_number AS number FROM print_job_documents d JOIN orders o ON o.id = d.order_id WHERE d.job_id = j.id LIMIT 4)) AS numbers
     FROM print_jobs j JOIN printers p ON p.id = j.printer_id WHERE j.id = ?`,
  ).get(jobId) as { printer: string; numbers: string | null } | undefined;
}
