import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../main/core/http/openapi/document';

/**
 * Checks an answer of `/api/*` against the station's own OpenAPI document, with ajv (an
 * independent JSON Schema implementation): the status must be one the document lists for
 * that operation, and the body must match its schema. Every API test's `call()` runs it, so
 * the document cannot drift from what the routes really answer.
 */
interface OperationObject {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, OperationObject>>; components: { schemas: Record<string, unknown> } };

const document = openApiDocument() as unknown as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
// One schema holding every component, so `#/components/schemas/X` resolves inside it.
ajv.addSchema({ $id: 'station', components: document.components }, 'station');

/** Path templates, literal ones first: `/api/printers/refresh` is not the printer "refresh". */
const templates = Object.keys(document.paths)
  .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`), literal: !template.includes('{') }))
  .sort((a, b) => Number(b.literal) - Number(a.literal));

const compiled = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    // References point into the component holder above.
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"station#/components/schemas/'));
    validate = ajv.compile(rewritten);
    compiled.set(key, validate);
  }
  return validate;
}

export class AnswerOffContract extends Error {}

/** Throws `AnswerOffContract` when the answer is not one the document describes. */
export async function checkAnswer(method: string, url: string, response: Response): Promise<void> {
  const path = new URL(url).pathname;
  const match = templates.find(({ pattern }) => pattern.test(path));
  const operation = match && document.paths[match.template]![method.toLowerCase()];
  // Not a documented operation (an unknown route, another method): nothing to compare.
  if (!operation) return;
  const where = `${method} ${path} → ${response.status}`;
  const answer = operation.responses[String(response.status)];
  if (!answer) throw new AnswerOffContract(`${where}: status not in the OpenAPI document (documented: ${Object.keys(operation.responses).join(', ')})`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content = answer.content ?? {};
  if (Object.keys(content).length === 0) return;
  const schema = content[type]?.schema;
  if (!schema) throw new AnswerOffContract(`${where}: content type "${type}" not documented (${Object.keys(content).join(', ')})`);
  if (type !== 'application/json') return;
  const body = await response.clone().json();
  const validate = validatorFor(`${match!.template} ${method} ${response.status}`, schema);
  if (!validate(body)) {
    const errors = ajv.errorsText(validate.errors, { separator: '\n  ' });
    throw new AnswerOffContract(`${where}: the body does not match the OpenAPI document:\n  ${errors}\nbody: ${JSON.stringify(body).slice(0, 600)}`);
  }
}
