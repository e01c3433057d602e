import type Router from '@koa/router';
import { z } from 'zod';
import { STATION_VERSION } from '../../foundations/version';
import { ADMIN_OPERATIONS, type AdminOperation } from './operations';
import { ANSWER_COMPONENTS } from './answer-components';
import { OPERATION_ANSWERS, type OperationAnswer } from './answers';
import { OPERATION_INPUTS } from './inputs';

type JsonSchema = Record<string, unknown>;

/** Schemas a recursive input defines (a flow's nested conditions), hoisted out of their operation into the document's components. */
let hoisted: Record<string, JsonSchema> = {};

/**
 * A zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), as a client sends it
 * (an answer's schemas are strict objects, so they say "no other field" either way).
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

/** An answer's schema: a reference to its named component when it is one (or a list of one), else inline. */
function answerSchema(answer: OperationAnswer, name: string): JsonSchema {
  const component = (schema: z.ZodType | undefined) => Object.entries(ANSWER_COMPONENTS).find(([, candidate]) => candidate === schema)?.[0];
  const named = component(answer.body);
  if (named) return { $ref: `#/components/schemas/${named}` };
  const item = component(answer.item);
  if (item) return { type: 'array', items: { $ref: `#/components/schemas/${item}` } };
  return jsonSchemaOf(answer.body!, name);
}

/** The success response of an operation, from its answer in answers.ts (a missing answer is a fault the tests find). */
function successResponse(operation: AdminOperation, name: string): Record<string, JsonSchema> {
  const answer = OPERATION_ANSWERS[`${operation.method} ${operation.path}`];
  if (!answer) return { '2XX': { description: 'Not described' } };
  const description = operation.summary;
  if (answer.status === 204) return { '204': { description } };
  if (answer.content) return { [answer.status]: { description, content: Object.fromEntries(answer.content.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) } };
  return { [answer.status]: { description, content: { 'application/json': { schema: answerSchema(answer, name) } } } };
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
    ...(operation.needs === 'public' ? { security: [] } : {}),
    /** Who may call it (a station extension): the table's column, http/admin/operations.ts. */
    'x-needs': operation.needs,
    ...(params.length ? { parameters: params } : {}),
    ...(input.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(input.body, `${id[0]!.toUpperCase()}${id.slice(1)}Body`) } } } }
      : // An operation without a body schema reads no body (a POST that acts on its path alone).
        {}),
    responses: {
      ...successResponse(operation, `${id[0]!.toUpperCase()}${id.slice(1)}Answer`),
      '4XX': { description: 'Refused, in words', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      '5XX': { description: 'The station failed (its log line’s id is in `requestId`)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/**
 * The dashboard API as OpenAPI 3.1, built from the table of operations: every operation, who
 * may call it (`x-needs`), its path and query parameters, and its body as the route's own zod
 * schema validates it, and its answer by the zod schema beside its route (both listed in
 * answers.ts, answer-components.ts and inputs.ts; the tests check every answer they receive against this document).
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
        ...Object.fromEntries(Object.entries(ANSWER_COMPONENTS).map(([name, schema]) => [name, jsonSchemaOf(schema, name)])),
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
