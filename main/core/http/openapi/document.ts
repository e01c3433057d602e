import { z } from 'zod';
import { STRICT_SPELLINGS } from '../../features/printing/requests/schema';
import { STATION_VERSION } from '../../foundations/version';
import { answerComponents, bodyComponents, optionalBodies, queryComponents, type BodyName, type QueryName } from './components';
import { operations, type Answer, type Operation } from './operations';

type JsonSchema = Record<string, unknown>;

/**
 * zod 4's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1), as a client
 * sends a body (`io: 'input'`: defaults optional, numbers allowed where an id is normalised
 * to a string). Answers are converted the same way: their schemas have no defaults and no
 * transforms, except the echoed order data, which is described by what a client may send
 * (a superset of what the station stores). Refinements a JSON Schema cannot say (no control
 * characters, safe integers) stay in docs/api.md.
 */
function componentsOf(schemas: Record<string, z.ZodType>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: converted } = z.toJSONSchema(registry, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  // Each component is a schema inside the document, not a document of its own.
  return Object.fromEntries(Object.entries(converted).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}

/**
 * `strict` is read from its spellings (`STRICT_SPELLINGS`) but means a boolean: described as
 * one, so a generated client takes `strict: true` and sends `strict=true`.
 */
const strictParameter: JsonSchema = {
  type: 'boolean',
  default: false,
  description: `When true, missing, ignored or incomplete orders fail the whole request with 400 (\`StrictPrintFailure\`). Also spelled ${STRICT_SPELLINGS.map((s) => `\`${s}\``).join(', ')}.`,
};

function queryParameters(name: QueryName): JsonSchema[] {
  const schema = z.toJSONSchema(queryComponents[name], { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema & { description?: string }>; required?: string[] };
  if (name === 'strict') return [{ name: 'strict', in: 'query', required: false, description: strictParameter.description, schema: strictParameter }];
  return Object.entries(schema.properties ?? {}).map(([param, property]) => ({
    name: param,
    in: 'query',
    required: schema.required?.includes(param) ?? false,
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

/**
 * The print request's selectors as the document's `oneOf`: by ids, or by filters (with
 * `excludeIds`), each forbidding the other's fields, so a generated type cannot hold both.
 * Built from the converted schema's own properties; zod validates the same rule with a
 * message (`printing/requests/schema.ts`).
 */
function printSelectors(schema: JsonSchema): JsonSchema {
  const { orderIds, orderFilters, excludeIds, ...options } = schema.properties as Record<string, JsonSchema>;
  const absent = false;
  return {
    description: 'Exactly one of `orderIds` or `orderFilters`; `excludeIds` only with `orderFilters`.',
    oneOf: [
      { title: 'PrintByIds', type: 'object', properties: { orderIds, ...options, orderFilters: absent, excludeIds: absent }, required: ['orderIds'] },
      { title: 'PrintByFilters', type: 'object', properties: { orderFilters, excludeIds, ...options, orderIds: absent }, required: ['orderFilters'] },
    ],
  };
}

/**
 * Bodies are `components.requestBodies`, not `schemas`: a default inside a request body
 * keeps the field optional in openapi-typescript's default output, where the same default
 * in `components.schemas` makes it required (its issues #1741, #2489).
 */
function requestBodies(): Record<string, JsonSchema> {
  const schemas = componentsOf(bodyComponents);
  schemas.PrintRequest = printSelectors(schemas.PrintRequest!);
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      { required: !optionalBodies.has(name as BodyName), content: { 'application/json': { schema } } },
    ]),
  );
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function answerContent(answer: Answer): JsonSchema {
  // `format: binary` is what both generators read as bytes (a Blob), not text.
  if (answer.pdf) return { 'application/pdf': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' } } };
  if (answer.anyJson) return { 'application/json': { schema: { type: 'object' } } };
  if (answer.json === undefined) return {};
  const schema = answer.oneOf
    ? { anyOf: [ref(answer.json), ...answer.oneOf.map(ref)] }
    : answer.list
      ? { type: 'array', items: ref(answer.json) }
      : ref(answer.json);
  return { 'application/json': { schema } };
}

function operationObject(operation: Operation): JsonSchema {
  const parameters = [
    ...operation.pathParams.map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })),
    ...(operation.query ? queryParameters(operation.query) : []),
    ...(operation.headers ?? []),
  ];
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(operation.public ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body ? { requestBody: { $ref: `#/components/requestBodies/${operation.body}` } } : {}),
    responses: Object.fromEntries(
      Object.entries(operation.answers).map(([status, answer]) => [
        status,
        { description: answer.description, ...(answer.headers ? { headers: answer.headers } : {}), content: answerContent(answer) },
      ]),
    ),
  };
}

let built: JsonSchema | undefined;

/** The OpenAPI 3.1 document of `/api/*`, built once from the schemas the routes validate with. */
export function openApiDocument(): JsonSchema {
  if (built) return built;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of operations) {
    (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  }
  built = {
    openapi: '3.1.1',
    info: {
      title: 'Order Print Station API',
      version: STATION_VERSION,
      // package.json says UNLICENSED; SPDX's LicenseRef- names a licence of one's own.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'Post orders, print them on the station’s printers, follow their status. Every route but this document needs an `X-API-Key`. ' +
        'Errors share one shape (`Error`); decisions the contract leaves open are in docs/api.md. ' +
        'A method a path does not list answers 405 (`MethodNotAllowed`, with `Allow`).',
    },
    servers: [{ url: '/', description: 'This station' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Orders', description: 'Create or update orders (one per team, source and source id) and read their status' },
      { name: 'Printing', description: 'Print orders now: results per batch, idempotent with `Idempotency-Key`' },
      { name: 'Printers', description: "The printers of the station's computer, as the operating system reports them" },
      { name: 'Documents', description: "An order's documents, as its team's flow built them, and each as a PDF" },
      { name: 'Links', description: 'Rules that merge orders from two sources into one' },
      { name: 'Identity', description: 'Who a key is, and whether a source app is active' },
      { name: 'Teams (3PL)', description: 'A 3PL team manages its merchants: create, invite, assign, take live' },
      { name: 'Reference', description: 'This document' },
    ],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'ops_ followed by 43 base64url characters' } },
      schemas: componentsOf(answerComponents),
      requestBodies: requestBodies(),
      responses: {
        // No operation can answer it (it is the answer for the methods a path has none for), so
        // it is named here for clients and readers; Redocly's unused-component warning is expected.
        MethodNotAllowed: {
          description: 'A known path with a method it does not serve (`method_not_allowed`)',
          headers: { Allow: { description: 'The methods the path serves', schema: { type: 'string' } } },
          content: { 'application/json': { schema: ref('Error') } },
        },
      },
    },
  };
  return built;
}
