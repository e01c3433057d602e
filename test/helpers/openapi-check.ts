import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../main/core/http/openapi/document';
import { adminApiDescription } from '../../main/core/http/admin/description';

/**
 * Checks an answer of `/api/*` against the station's own OpenAPI document, and one of
 * `/admin/api/*` against the dashboard API's, with ajv (an independent JSON Schema
 * implementation): the status must be one the document lists for that operation (exactly, or
 * by its range: `4XX`), and the body must match its schema. Every test's `call()` and admin
 * client run it, so neither document can drift from what the routes really answer.
 */
interface OperationObject {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, OperationObject>>; components: { schemas: Record<string, unknown> } };

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** A document, its components held by one schema (`id`) so `#/components/schemas/X` resolves inside it, and its path templates. */
function described(id: string, document: Document) {
  ajv.addSchema({ $id: id, components: document.components }, id);
  /** Path templates, literal ones first: `/api/printers/refresh` is not the printer "refresh". */
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`), literal: !template.includes('{') }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  return { id, document, templates };
}
const PUBLIC = described('station', openApiDocument() as unknown as Document);
const DASHBOARD = described('dashboard', adminApiDescription() as unknown as Document);

const compiled = new Map<string, ValidateFunction>();
function validatorFor(id: string, key: string, schema: unknown): ValidateFunction {
  let validate = compiled.get(`${id} ${key}`);
  if (!validate) {
    // References point into the component holder above.
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${id}#/components/schemas/`));
    validate = ajv.compile(rewritten);
    compiled.set(`${id} ${key}`, validate);
  }
  return validate;
}

export class AnswerOffContract extends Error {}

/** Throws `AnswerOffContract` when the answer is not one the document describes. */
export async function checkAnswer(method: string, url: string, response: Response): Promise<void> {
  const path = new URL(url).pathname;
  const { id, document, templates } = path.startsWith('/admin/api/') ? DASHBOARD : PUBLIC;
  const match = templates.find(({ pattern }) => pattern.test(path));
  const operation = match && document.paths[match.template]![method.toLowerCase()];
  // Not a documented operation (an unknown route, another method): nothing to compare.
  if (!operation) return;
  const where = `${method} ${path} → ${response.status}`;
  const answer = operation.responses[String(response.status)] ?? operation.responses[`${String(response.status)[0]}XX`];
  if (!answer) throw new AnswerOffContract(`${where}: status not in the OpenAPI document (documented: ${Object.keys(operation.responses).join(', ')})`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content = answer.content ?? {};
  if (Object.keys(content).length === 0) return;
  const schema = content[type]?.schema;
  if (!schema) throw new AnswerOffContract(`${where}: content type "${type}" not documented (${Object.keys(content).join(', ')})`);
  if (type !== 'application/json') return;
  const body = await response.clone().json();
  const validate = validatorFor(id, `${match!.template} ${method} ${response.status}`, schema);
  if (!validate(body)) {
    const errors = ajv.errorsText(validate.errors, { separator: '\n  ' });
    throw new AnswerOffContract(`${where}: the body does not match the OpenAPI document:\n  ${errors}\nbody: ${JSON.stringify(body).slice(0, 600)}`);
  }
}
