import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: Webhooks and their deliveries (admin-routes.ts). */
export const WEBHOOK_OPERATIONS = adminOperations([
  ['GET', '/admin/api/webhooks', 'admin', 'Webhooks'],
  ['POST', '/admin/api/webhooks', 'admin', 'Add a webhook (its signing secret is shown once)'],
  ['PUT', '/admin/api/webhooks/:id', 'admin', 'Change or pause a webhook'],
  ['POST', '/admin/api/webhooks/:id/secret', 'admin', 'Give a webhook a new signing secret'],
  ['DELETE', '/admin/api/webhooks/:id', 'admin', 'Delete a webhook'],
  ['GET', '/admin/api/webhooks/:id/deliveries', 'admin', 'A webhook’s deliveries'],
  ['POST', '/admin/api/webhook-deliveries/:id/retry', 'admin', 'Send a delivery again'],
]);
