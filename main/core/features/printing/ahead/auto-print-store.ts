import type { Db } from '../../../foundations/db/open';
import { statement } from '../../../foundations/db/statements';

/** `auto_print_pending`: orders owed an automatic print (printing/ahead/auto-print.ts). */
export function isAutoPrintOwed(db: Db, orderId: string): boolean {
  return statement(db, 'SELECT 1 FROM auto_print_pending WHERE order_id = ?').get(orderId) !== undefined;
}

export function oweAutoPrint(db: Db, orderId: string, at: string): void {
  statement(db, 'INSERT OR IGNORE INTO auto_print_pending (order_id, created_at) VALUES (?, ?)').run(orderId, at);
}

/** Claims the order's owed print: true for the one write that removed the row. */
export function claimAutoPrint(db: Db, orderId: string): boolean {
  return statement(db, 'DELETE FROM auto_print_pending WHERE order_id = ?').run(orderId).changes === 1;
}

export function listAutoPrintOwed(db: Db): string[] {
  return statement(db, 'SELECT order_id FROM auto_print_pending ORDER BY created_at, order_id').pluck().all() as string[];
}
