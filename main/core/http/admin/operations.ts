import { adminOperations, type AdminNeed, type AdminOperation } from '../../foundations/admin-operation';
import { ADMIN_VIEW_OPERATIONS } from '../../features/admin/admin-operations';
import { APP_OPERATIONS } from '../../features/apps/admin-operations';
import { DOCUMENT_OPERATIONS } from '../../features/documents/admin-operations';
import { LINK_OPERATIONS } from '../../features/links/admin-operations';
import { MAIL_OPERATIONS } from '../../features/mail/admin-operations';
import { NETWORK_OPERATIONS } from '../../features/net/admin-operations';
import { NEW_ORDER_OPERATIONS } from '../../features/new-orders/admin-operations';
import { PEOPLE_OPERATIONS } from '../../features/people/admin-operations';
import { PRINTER_OPERATIONS } from '../../features/printers/admin-operations';
import { PRINTING_OPERATIONS } from '../../features/printing/admin-operations';
import { BENCH_OPERATIONS } from '../../features/printing/benches/admin-operations';
import { ROUTING_OPERATIONS } from '../../features/printing/requests/admin-operations';
import { RETENTION_OPERATIONS } from '../../features/retention/admin-operations';
import { SESSION_OPERATIONS } from '../../features/sessions/admin-operations';
import { TEAM_OPERATIONS } from '../../features/teams/admin-operations';
import { WEBHOOK_OPERATIONS } from '../../features/webhooks/admin-operations';

export type { AdminNeed, AdminOperation };

/**
 * Every dashboard operation (`/admin/api`), in one table joined from the rows each feature
 * writes beside its routes (`features/…/admin-operations.ts`; who may call what:
 * foundations/admin-operation.ts): the admin router refuses an operation this table does not
 * hold (http/admin/guard.ts), `station/http.ts` checks at start-up that the table and the
 * router hold the same operations, and the served description of the dashboard API
 * (`GET /admin/api/openapi.json`) is built from it, in this order: the dashboard's rooms.
 */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  ...PEOPLE_OPERATIONS,
  ...SESSION_OPERATIONS,
  ...NEW_ORDER_OPERATIONS,
  ...ADMIN_VIEW_OPERATIONS,
  ...TEAM_OPERATIONS,
  ...APP_OPERATIONS,
  ...MAIL_OPERATIONS,
  ...NETWORK_OPERATIONS,
  ...RETENTION_OPERATIONS,
  ...DOCUMENT_OPERATIONS,
  ...LINK_OPERATIONS,
  ...PRINTER_OPERATIONS,
  ...PRINTING_OPERATIONS,
  ...BENCH_OPERATIONS,
  ...ROUTING_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  // The description of this API is the HTTP tier's own.
  ...adminOperations([['GET', '/admin/api/openapi.json', 'signed-in', 'This API’s description (OpenAPI 3.1)']]),
];

const key = (method: string, path: string) => `${method} ${path}`;
const BY_KEY = new Map(ADMIN_OPERATIONS.map((operation) => [key(operation.method, operation.path), operation]));

/** The operation a request matched (`HEAD` is answered as `GET`), or undefined. */
export function adminOperation(method: string, path: string): AdminOperation | undefined {
  return BY_KEY.get(key(method === 'HEAD' ? 'GET' : method, path));
}

/**
 * The differences between the table and the routes a router holds (`[method, path]` of each
 * route): operations routed but not described, and described but not routed. Both empty on
 * a station that starts.
 */
export function tableDifferences(routes: Array<[method: string, path: string]>): { undescribed: string[]; unrouted: string[] } {
  const routed = new Set(routes.map(([method, path]) => key(method, path)));
  return {
    undescribed: [...routed].filter((entry) => !BY_KEY.has(entry)).sort(),
    unrouted: [...BY_KEY.keys()].filter((entry) => !routed.has(entry)).sort(),
  };
}
