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

const error = (description: string): Answer => ({ description, json: 'Error' });

/** Any request can answer this, before a route is chosen (docs/api.md, Errors). */
const anyRequest = {
  431: error('The request line and headers are over 16 KiB, a long order key in the path included (`headers_too_large`)'),
};
/** Every keyed route can answer these (docs/api.md, Errors). */
const keyed = {
  ...anyRequest,
  400: error('The path is not valid percent-encoding (`malformed_path`)'),
  401: error('The API key is missing, malformed, unknown or revoked'),
  403: error('A browser page whose origin an admin has not allowed (`origin_not_allowed`)'),
  500: error('Something unexpected; nothing was written. Retry with backoff'),
  // Each call records when its key was last used: a full disk fails even a read.
  507: error("The station's disk is full: nothing was written (`insufficient_storage`)"),
};
/** Routes with a body can also answer these. */
const withBody = {
  ...keyed,
  413: error('The body is over 1 MiB'),
};

const ORDER_ID_OR_KEY: [string, string] = ['orderIdOrKey', 'An order UUID or an order key (URL-encoded)'];
const MERCHANT_ID: [string, string] = ['merchantTeamId', 'A merchant team managed by the calling 3PL team'];
const LINK_ID: [string, string] = ['linkId', 'A link id'];

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Makes a retried print request safe: the same key and request within 24 hours answers the first answer again and prints nothing',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};
const replayedHeader = { 'Idempotent-Replayed': { description: '`true` when this answer was stored for an earlier request with the same Idempotency-Key', schema: { type: 'string', const: 'true' } } };

const printAnswers = {
  ...withBody,
  200: { description: 'One result per batch; inspect each `status`', json: 'PrintBatchResult', list: true, headers: replayedHeader },
  400: {
    description: 'Invalid body or query; both or neither selector; an invalid Idempotency-Key (`Error`); under strict=true, orders that cannot print (`StrictPrintFailure`)',
    json: 'Error',
    oneOf: ['StrictPrintFailure'],
  },
  422: error('The Idempotency-Key was used for another request in the last 24 hours'),
} satisfies Record<string, Answer>;

/** The routes of `/api/*`, in the contract's order, then the station's own additions. */
export const operations: Operation[] = [
  {
    id: 'createOrder',
    method: 'post',
    path: '/api/orders',
    tag: 'Orders',
    summary: 'Create or update an order',
    description: 'The (team, source, sourceId) triple identifies the order; sending it again updates it. A 3PL key may target a merchant with `targetTeamId`.',
    pathParams: [],
    body: 'OrderRequest',
    answers: { ...withBody, 201: { description: 'The order as stored; `warnings` lists the fields it ignored, if any', json: 'OrderCreated' }, 400: error('The body is not valid; every broken field is in `details`'), 403: error('The key cannot reach that team; or a browser origin not allowed') },
  },
  {
    id: 'getOrderStatus',
    method: 'get',
    path: '/api/orders/{orderIdOrKey}/status',
    tag: 'Orders',
    summary: "An order's status",
    pathParams: [ORDER_ID_OR_KEY],
    answers: { ...keyed, 200: { description: 'The status object (snake_case)', json: 'OrderStatus' }, 404: error('No such order in the caller’s scope') },
  },
  {
    id: 'printOrders',
    method: 'post',
    path: '/api/orders/print',
    tag: 'Printing',
    summary: 'Print a batch of orders',
    description: 'Exactly one of `orderIds` or `orderFilters`. Documents are grouped into batches per printer.',
    pathParams: [],
    query: 'strict',
    headers: [idempotencyKey],
    body: 'PrintRequest',
    answers: printAnswers,
  },
  {
    id: 'printOrder',
    method: 'post',
    path: '/api/orders/{orderIdOrKey}/print',
    tag: 'Printing',
    summary: 'Print one order',
    pathParams: [ORDER_ID_OR_KEY],
    query: 'strict',
    headers: [idempotencyKey],
    body: 'PrintOneRequest',
    answers: printAnswers,
  },
  {
    id: 'listPrinters',
    method: 'get',
    path: '/api/printers',
    tag: 'Printers',
    summary: "The station's printers",
    pathParams: [],
    query: 'printers',
    answers: { ...keyed, 200: { description: 'The printers', json: 'Printer', list: true }, 400: error('An invalid query parameter') },
  },
  {
    id: 'refreshPrinters',
    method: 'get',
    path: '/api/printers/refresh',
    tag: 'Printers',
    summary: 'Ask the operating system for its printers again',
    pathParams: [],
    answers: { ...keyed, 200: { description: 'The refreshed printers', json: 'Printer', list: true } },
  },
  {
    id: 'getPrinter',
    method: 'get',
    path: '/api/printers/{printerId}',
    tag: 'Printers',
    summary: 'One printer',
    pathParams: [['printerId', 'A printer `id` or `printerVendorId`']],
    answers: { ...keyed, 200: { description: 'The printer', json: 'Printer' }, 404: error('No such printer') },
  },
  {
    id: 'listLinks',
    method: 'get',
    path: '/api/links',
    tag: 'Links',
    summary: 'Links of the caller’s teams',
    pathParams: [],
    query: 'links',
    answers: { ...keyed, 200: { description: 'The links', json: 'Link', list: true }, 400: error('An invalid query parameter'), 404: error('`teamId` is not a team in scope') },
  },
  {
    id: 'createLink',
    method: 'post',
    path: '/api/links',
    tag: 'Links',
    summary: 'Create a link',
    pathParams: [],
    body: 'LinkCreate',
    answers: { ...withBody, 200: { description: 'The link', json: 'Link' }, 400: error('An invalid body or resolver shape') },
  },
  {
    id: 'getLink',
    method: 'get',
    path: '/api/links/{linkId}',
    tag: 'Links',
    summary: 'One link',
    pathParams: [LINK_ID],
    answers: { ...keyed, 200: { description: 'The link', json: 'Link' }, 404: error('No such link in scope') },
  },
  {
    id: 'updateLink',
    method: 'put',
    path: '/api/links/{linkId}',
    tag: 'Links',
    summary: 'Change a link: only sent fields change',
    pathParams: [LINK_ID],
    body: 'LinkUpdate',
    answers: { ...withBody, 200: { description: 'The link', json: 'Link' }, 400: error('An invalid body or resolver shape'), 404: error('No such link in scope') },
  },
  {
    id: 'deleteLink',
    method: 'delete',
    path: '/api/links/{linkId}',
    tag: 'Links',
    summary: 'Delete a link',
    pathParams: [LINK_ID],
    answers: { ...keyed, 200: { description: 'Deleted', json: 'LinkDeleted' }, 404: error('No such link in scope') },
  },
  {
    id: 'listLinkErrors',
    method: 'get',
    path: '/api/links/{linkId}/errors',
    tag: 'Links',
    summary: 'Why the link did not merge recent orders',
    pathParams: [LINK_ID],
    query: 'linkErrors',
    answers: { ...keyed, 200: { description: 'Newest first', json: 'LinkError', list: true }, 400: error('An invalid query parameter'), 404: error('No such link in scope') },
  },
  {
    id: 'whoami',
    method: 'get',
    path: '/api/auth/whoami',
    tag: 'Identity',
    summary: 'The key’s team and the station’s version',
    pathParams: [],
    answers: { ...keyed, 200: { description: 'The identity', json: 'Identity' } },
  },
  {
    id: 'validateApp',
    method: 'get',
    path: '/api/apps/validate',
    tag: 'Identity',
    summary: 'Is a source app active for this key',
    pathParams: [],
    query: 'appValidate',
    answers: { ...keyed, 200: { description: 'Active when `valid` is true', json: 'AppValidation' }, 400: error('`appId` missing or not a UUID'), 403: error('The app is not accessible to this key; or a browser origin not allowed') },
  },
  {
    id: 'getTeam',
    method: 'get',
    path: '/api/teams',
    tag: 'Teams (3PL)',
    summary: 'The calling 3PL team',
    pathParams: [],
    answers: { ...keyed, 200: { description: 'The team', json: 'Team' }, 403: error('Not a 3PL key; or a browser origin not allowed') },
  },
  {
    id: 'listMerchants',
    method: 'get',
    path: '/api/teams/merchants',
    tag: 'Teams (3PL)',
    summary: 'The merchants of the calling 3PL team',
    pathParams: [],
    answers: { ...keyed, 200: { description: 'The merchants', json: 'MerchantListItem', list: true }, 403: error('Not a 3PL key; or a browser origin not allowed') },
  },
  {
    id: 'createMerchant',
    method: 'post',
    path: '/api/teams/merchants',
    tag: 'Teams (3PL)',
    summary: 'Create a merchant, optionally inviting its admin',
    pathParams: [],
    body: 'MerchantCreate',
    answers: { ...withBody, 201: { description: 'Created', json: 'MerchantCreated' }, 400: error('The body is not valid'), 403: error('Not a 3PL key; or a browser origin not allowed') },
  },
  {
    id: 'inviteToMerchant',
    method: 'post',
    path: '/api/teams/merchants/{merchantTeamId}/invitations',
    tag: 'Teams (3PL)',
    summary: 'Invite an administrator to a merchant',
    pathParams: [MERCHANT_ID],
    body: 'Invitation',
    answers: { ...withBody, 201: { description: 'Invited', json: 'InvitationSent' }, 400: error('The body is not valid'), 403: error('Not a 3PL key; or a browser origin not allowed'), 404: error('Not a merchant of the caller') },
  },
  {
    id: 'listMembers',
    method: 'get',
    path: '/api/teams/members',
    tag: 'Teams (3PL)',
    summary: 'The members of the calling 3PL team',
    pathParams: [],
    answers: { ...keyed, 200: { description: 'The members', json: 'Member', list: true }, 403: error('Not a 3PL key; or a browser origin not allowed') },
  },
  {
    id: 'assignAccountManager',
    method: 'put',
    path: '/api/teams/merchants/{merchantTeamId}',
    tag: 'Teams (3PL)',
    summary: "Set or clear a merchant's account manager",
    pathParams: [MERCHANT_ID],
    body: 'AccountManager',
    answers: {
      ...withBody,
      200: { description: 'The merchant', json: 'MerchantListItem' },
      400: error('Invalid data, or the user is not a member of the 3PL team'),
      403: error('Not a 3PL key; or a browser origin not allowed'),
      404: error('Not a merchant of the caller'),
    },
  },
  {
    id: 'goLive',
    method: 'post',
    path: '/api/teams/merchants/{merchantTeamId}/go-live',
    tag: 'Teams (3PL)',
    summary: 'Take a merchant live',
    pathParams: [MERCHANT_ID],
    answers: { ...keyed, 200: { description: 'The team, with `went_live_at` and `went_live_by`', json: 'Team' }, 403: error('Not a 3PL key; or a browser origin not allowed'), 404: error('Not a merchant of the caller') },
  },
  {
    id: 'listOrderDocuments',
    method: 'get',
    path: '/api/orders/{orderIdOrKey}/documents',
    tag: 'Documents',
    summary: "An order's documents",
    pathParams: [ORDER_ID_OR_KEY],
    answers: { ...keyed, 200: { description: 'The documents the team’s flow built', json: 'Document', list: true }, 404: error('No such order in scope') },
  },
  {
    id: 'getOrderDocumentPdf',
    method: 'get',
    path: '/api/orders/{orderIdOrKey}/documents/{documentId}/pdf',
    tag: 'Documents',
    summary: 'One document as a PDF',
    pathParams: [ORDER_ID_OR_KEY, ['documentId', 'A document id from the list']],
    answers: {
      ...keyed,
      200: { description: 'The PDF', pdf: true },
      404: error('No such order or document'),
      422: error('The template could not render'),
      503: error('The renderer (Chromium) is not available'),
    },
  },
  {
    id: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This document',
    public: true,
    pathParams: [],
    answers: { ...anyRequest, 200: { description: 'OpenAPI 3.1', anyJson: true } },
  },
];
