import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: Orders typed by hand and imported from CSV files (manual-orders.ts). */
export const NEW_ORDER_OPERATIONS = adminOperations([
  ['POST', '/admin/api/orders/manual', 'operator', 'Create or update an order typed by hand (source web)'],
  ['POST', '/admin/api/orders/csv/preview', 'operator', 'Read a CSV file: its columns, a suggested mapping, the first rows'],
  ['POST', '/admin/api/orders/csv/import', 'operator', 'Import (or, with dryRun, plan) orders from a CSV file'],
  ['POST', '/admin/api/orders/csv/imports/:importId/cancel', 'operator', 'Stop a running CSV import between two orders'],
]);
