import { z } from 'zod';
import { createLinkSchema, linkErrorsQuerySchema, listLinksQuerySchema, updateLinkSchema } from '../../links/schema';
import { orderRequestSchema } from '../../orders/schema';
import { printerListQuerySchema } from '../../printers/routes';
import { printOneRequestSchema, printRequestSchema, strictQuerySchema } from '../../printing/schema';
import { accountManagerSchema, createMerchantSchema, invitationSchema } from '../../teams/schema';
import { STATION_VERSION } from '../../version';
import * as answers from './answers';
import { operations, type Answer, type Operation } from './operations';

/** The named schemas of `components.schemas`: what answers and bodies refer to. */
const answerComponents = {
  Error: answers.errorAnswer,
  StrictPrintFailure: answers.strictPrintFailureAnswer,
  Order: answers.orderAnswer,
  OrderStatus: answers.orderStatusAnswer,
  PrintBatchResult: answers.printBatchResultAnswer,
  Printer: answers.printerAnswer,
  Link: answers.linkAnswer,
  LinkError: answers.linkErrorAnswer,
  LinkDeleted: answers.linkDeletedAnswer,
  Identity: answers.identityAnswer,
  AppValidation: answers.appValidAnswer,
  Team: answers.teamAnswer,
  MerchantListItem: answers.merchantAnswer,
  MerchantCreated: answers.merchantCreatedAnswer,
  InvitationSent: answers.invitationSentAnswer,
  Member: answers.memberAnswer,
  Document: answers.documentAnswer,
};
export type AnswerName = keyof typeof answerComponents;

const bodyComponents = {
  OrderRequest: orderRequestSchema,
  PrintRequest: printRequestSchema,
  PrintOneRequest: printOneRequestSchema,
  LinkCreate: createLinkSchema,
  LinkUpdate: updateLinkSchema,
  MerchantCreate: createMerchantSchema,
  Invitation: invitationSchema,
  AccountManager: accountManagerSchema,
};
export type BodyName = keyof typeof bodyComponents;

const queryComponents = {
  printers: printerListQuerySchema,
  links: listLinksQuerySchema,
  linkErrors: linkErrorsQuerySchema,
  strict: strictQuerySchema,
  appValidate: z.object({ appId: z.uuid().describe('A source-app UUID') }),
};
export type QueryName = keyof typeof queryComponents;

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

function queryParameters(name: QueryName): JsonSchema[] {
  const schema = z.toJSONSchema(queryComponents[name], { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema & { description?: string }>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([param, property]) => ({
    name: param,
    in: 'query',
    required: schema.required?.includes(param) ?? false,
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function answerContent(answer: Answer): JsonSchema {
  if (answer.pdf) return { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } };
  if (answer.anyJson) return { 'application/json': { schema: { type: 'object' } } };
  if (answer.json === undefined) return {};
  const schema = answer.list ? { type: 'array', items: ref(answer.json) } : ref(answer.json);
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
    ...(operation.body
      ? { requestBody: { required: operation.body.required, content: { 'application/json': { schema: ref(operation.body.schema) } } } }
      : {}),
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
      description:
        'Post orders, print them on the station’s printers, follow their status. Every route but this document needs an `X-API-Key`. ' +
        'Errors share one shape (`Error`); decisions the contract leaves open are in docs/api.md.',
    },
    servers: [{ url: '/', description: 'This station' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Orders' },
      { name: 'Printing' },
      { name: 'Printers' },
      { name: 'Documents' },
      { name: 'Links' },
      { name: 'Identity' },
      { name: 'Teams (3PL)' },
      { name: 'Reference' },
    ],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'ops_ followed by 43 base64url characters' } },
      schemas: { ...componentsOf(answerComponents), ...componentsOf(bodyComponents) },
    },
  };
  return built;
}
