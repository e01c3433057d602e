import type Router from '@koa/router';
import { z } from 'zod';
import { STATION_VERSION } from '../../version';
import { ADMIN_OPERATIONS, type AdminOperation } from './operations';
import { OPERATION_INPUTS } from './schemas';

type JsonSchema = Record<string, unknown>;

/** Schemas a recursive input defines (a flow's nested conditions), hoisted out of their operation into the document's components. */
let hoisted: Record<string, JsonSchema> = {};

/**
 * A zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), as a client sends it.
 * A recursive schema's `$defs` (named by zod `__schema0`, …) become components named after
 * the operation (`name`), and their `$ref`s point there: a `#/$defs/…` inside a path would
 * resolve against the document's root, where nothing is.
 */
function jsonSchemaOf(schema: z.ZodType, name: string): JsonSchema {
  const { $schema: _dialect, $defs: defs, ...converted } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!defs) return converted;
  const component = (def: string) => `${name}${def.replace(/^_+schema/, 'Part')}`;
  const rewrite = (value: JsonSchema): JsonSchema => JSON.parse(JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_, def: string) => JSON.stringify(`#/components/schemas/${component(def)}`))) as JsonSchema;
  for (const [def, body] of Object.entries(defs)) hoisted[component(def)] = rewrite(body);
  return rewrite(converted);
}

/** A query schema's properties as OpenAPI query parameters. */
function queryParameters(schema: z.ZodType, name: string): JsonSchema[] {
  const converted = jsonSchemaOf(schema, name) as { properties?: Record<string, JsonSchema & { description?: string }>; required?: string[] };
  return Object.entries(converted.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: converted.required?.includes(name) ?? false,
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

/** `/admin/api/templates/:templateId` → `/admin/api/templates/{templateId}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The room an operation belongs to, for the description's tags: the first word of its path. */
function roomOf(path: string): string {
  const parts = path.replace('/admin/api/', '').split('/');
  const first = parts[0] === 'teams' && parts[2] ? parts[2] : parts[0]!;
  return first.replace(/\.json$/, '');
}

function operationObject(operation: AdminOperation) {
  const id = `${operation.method.toLowerCase()}${openApiPath(operation.path)
    .replace('/admin/api', '')
    .replace(/[{}]/g, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}`;
  const input = OPERATION_INPUTS[`${operation.method} ${operation.path}`] ?? {};
  const params = [
    ...[...operation.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1]!, in: 'path', required: true, schema: { type: 'string' } })),
    ...(input.query ? queryParameters(input.query, `${id[0]!.toUpperCase()}${id.slice(1)}Query`) : []),
  ];
  return {
    operationId: id,
    summary: operation.summary,
    tags: [roomOf(operation.path)],
    ...(operation.roles === 'public' ? { security: [] } : {}),
    /** Who may call it (a station extension): the table's column. */
    'x-roles': operation.roles === 'public' ? [] : [...operation.roles],
    ...(params.length ? { parameters: params } : {}),
    ...(input.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(input.body, `${id[0]!.toUpperCase()}${id.slice(1)}Body`) } } } }
      : ['POST', 'PUT', 'PATCH'].includes(operation.method)
        ? { requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } } }
        : {}),
    responses: {
      '2XX': { description: 'Done: the answer is the operation’s resource (see docs/api/dashboard.md)' },
      '4XX': { description: 'Refused, in words', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/**
 * The dashboard API as OpenAPI 3.1, built from the table of operations: every operation, who
 * may call it (`x-roles`), its path and query parameters, and its body as the route's own zod
 * schema validates it (schemas.ts). Answers are not described per operation yet
 * (docs/api/dashboard.md says each one).
 */
export function adminApiDescription() {
  hoisted = {};
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
        ...hoisted,
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
