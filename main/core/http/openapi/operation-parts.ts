import type { AnswerName, BodyName, QueryName } from './components';

export interface Answer {
  description: string;
  /** A component of `components.schemas`; none for an answer without a body. */
  json?: AnswerName;
  /** An array of `json`. */
  list?: boolean;
  /** Other components the answer may be instead (`anyOf` with `json`). */
  oneOf?: AnswerName[];
  pdf?: boolean;
  /** Any JSON object (this document itself). */
  anyJson?: boolean;
  headers?: Record<string, unknown>;
}

export interface Operation {
  id: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI's template form: `/api/orders/{orderIdOrKey}/status`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Served without a key. */
  public?: boolean;
  pathParams: Array<[name: string, description: string]>;
  query?: QueryName;
  headers?: Array<Record<string, unknown>>;
  /** A component of `components.requestBodies` (whether it is required is said there). */
  body?: BodyName;
  answers: Record<string, Answer>;
}

export const error = (description: string): Answer => ({ description, json: 'Error' });

/** Any request can answer this, before a route is chosen (docs/api.md, Errors). */
export const anyRequest = {
  431: error('The request line and headers are over 16 KiB, a long order key in the path included (`headers_too_large`)'),
};
/** Every keyed route can answer these (docs/api.md, Errors). */
export const keyed = {
  ...anyRequest,
  400: error('The path is not valid percent-encoding (`malformed_path`)'),
  401: error('The API key is missing, malformed, unknown or revoked'),
  403: error('A browser page whose origin an admin has not allowed (`origin_not_allowed`)'),
  500: error('Something unexpected; nothing was written. Retry with backoff'),
  // Each call records when its key was last used: a full disk fails even a read.
  507: error("The station's disk is full: nothing was written (`insufficient_storage`)"),
};
/** Routes with a body can also answer these. */
export const withBody = {
  ...keyed,
  413: error('The body is over 1 MiB'),
};

export const ORDER_ID_OR_KEY: [string, string] = ['orderIdOrKey', 'An order UUID or an order key (URL-encoded)'];
export const MERCHANT_ID: [string, string] = ['merchantTeamId', 'A merchant team managed by the calling 3PL team'];
export const LINK_ID: [string, string] = ['linkId', 'A link id'];

export const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Makes a retried print request safe: the same key and request within 24 hours answers the first answer again and prints nothing',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};
export const replayedHeader = { 'Idempotent-Replayed': { description: '`true` when this answer was stored for an earlier request with the same Idempotency-Key', schema: { type: 'string', const: 'true' } } };

export const printAnswers = {
  ...withBody,
  200: { description: 'One result per batch; inspect each `status`', json: 'PrintBatchResult', list: true, headers: replayedHeader },
  400: {
    description: 'Invalid body or query; both or neither selector; an invalid Idempotency-Key (`Error`); under strict=true, orders that cannot print (`StrictPrintFailure`)',
    json: 'Error',
    oneOf: ['StrictPrintFailure'],
  },
  422: error('The Idempotency-Key was used for another request in the last 24 hours'),
} satisfies Record<string, Answer>;
