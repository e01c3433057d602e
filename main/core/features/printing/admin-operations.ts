import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: The printers' station settings and test pages, their time to paper, print batches and jobs (printer-admin-routes.ts, jobs/time-to-paper.ts, admin-routes.ts). */
export const PRINTING_OPERATIONS = adminOperations([
  ['GET', '/admin/api/printers', 'viewer', 'The station’s printers'],
  ['POST', '/admin/api/printers/refresh', 'operator', 'Look for printers again'],
  ['GET', '/admin/api/printers/time-to-paper', 'viewer', 'Each printer’s time to paper over the last hour (p50, p95, by stage), of the caller’s teams’ jobs'],
  ['PATCH', '/admin/api/printers/:id', 'station-admin', 'A printer’s name, visibility and defaults'],
  ['DELETE', '/admin/api/printers/:id', 'station-admin', 'Remove a missing printer'],
  ['POST', '/admin/api/printers/:id/test-print', 'operator', 'Print a test page'],
  ['GET', '/admin/api/print-batches', 'viewer', 'Print batches, newest first'],
  ['GET', '/admin/api/print-requests', 'viewer', 'Print requests with their batches and refusals'],
  ['GET', '/admin/api/print-batches/:id', 'viewer', 'One print batch with its jobs'],
  ['GET', '/admin/api/print-jobs/:id', 'viewer', 'One print job with its documents'],
  ['GET', '/admin/api/print-jobs/:id/printed', 'viewer', 'Exactly what a job handed to the printer system'],
  ['POST', '/admin/api/print-jobs/:id/reprint', 'operator', 'Print a job again, as a new batch'],
  ['POST', '/admin/api/print-jobs/:id/retry', 'operator', 'Retry a failed job'],
  ['POST', '/admin/api/print-jobs/:id/count-as-printed', 'operator', 'Count a job that may have printed as printed'],
  ['POST', '/admin/api/print-jobs/:id/cancel', 'operator', 'Cancel a job'],
  ['POST', '/admin/api/print-jobs/:id/move', 'operator', 'Move a job to another printer'],
]);
