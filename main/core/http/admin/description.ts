import type Router from '@koa/router';
import { STATION_VERSION } from '../../version';
import { ADMIN_OPERATIONS, type AdminOperation } from './operations';

/** `/admin/api/templates/:templateId` → `/admin/api/templates/{templateId}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The room an operation belongs to, for the description's tags: the first word of its path. */
function roomOf(path: string): string {
  const parts = path.replace('/admin/api/', '').split('/');
  const first = parts[0] === 'teams' && parts[2] ? parts[2] : parts[0]!;
  return first.replace(/\.json$/, '');
}

function operationObject(operation: AdminOperation) {
  const params = [...operation.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  const id = `${operation.method.toLowerCase()}${openApiPath(operation.path)
    .replace('/admin/api', '')
    .replace(/[{}]/g, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}`;
  return {
    operationId: id,
    summary: operation.summary,
    tags: [roomOf(operation.path)],
    ...(operation.roles === 'public' ? { security: [] } : {}),
    /** Who may call it (a station extension): the table's column. */
    'x-roles': operation.roles === 'public' ? [] : [...operation.roles],
    ...(params.length ? { parameters: params } : {}),
    ...(['POST', 'PUT', 'PATCH'].includes(operation.method) ? { requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } } } : {}),
    responses: {
      '2XX': { description: 'Done: the answer is the operation’s resource (see docs/api/dashboard.md)' },
      '4XX': { description: 'Refused, in words', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/**
 * The dashboard API as OpenAPI 3.1, built from the table of operations: every operation, who
 * may call it (`x-roles`), its path parameters. Bodies and answers are not described yet per
 * operation (docs/api/dashboard.md says each one).
 */
export function adminApiDescription() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of ADMIN_OPERATIONS) {
    (paths[openApiPath(operation.path)] ??= {})[operation.method.toLowerCase()] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Order Print Station dashboard API', version: STATION_VERSION, description: 'The operations of the station’s dashboard. Every one but signing in needs a dashboard session (`Authorization: Bearer <session>`).' },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'A dashboard session (from a one-time login link)' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } } } } },
        },
      },
    },
  };
}

/** `GET /admin/api/openapi.json`: the dashboard API's description (a session is needed, like every dashboard read). */
export function adminDescriptionRoutes(router: Router): void {
  router.get('/admin/api/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = adminApiDescription();
  });
}
