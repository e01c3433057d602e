import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/schema';
import { TEAM_STATUSES } from '../teams/store';

/** What the dashboard's order list, keys, station and Overview operations answer, as zod. */
const timestamp = z.string().describe('ISO 8601 timestamp (UTC)');
const count = z.number().int();
const tagAnswer = z.strictObject({ id: z.string(), label: z.string(), color: z.string() });
const teamType = z.enum(['standard', 'three_pl', 'merchant']);
const teamStatus = z.enum(TEAM_STATUSES);

export const orderSummaryAnswer = z.strictObject({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  orderNumber: z.string(),
  orderDate: timestamp,
  status: z.enum(ORDER_STATUSES),
  customerName: z.string().nullable(),
  itemCount: count,
  tags: z.array(tagAnswer),
  sources: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const orderPageAnswer = z.strictObject({
  total: count,
  /** The search matched more orders than were counted: `total` is a floor ("1,000+"). */
  totalCapped: z.boolean(),
  offset: count,
  orders: z.array(orderSummaryAnswer),
});

export const orderFacetsAnswer = z.strictObject({ tags: z.array(z.string()), sources: z.array(z.string()) });

/** What the order detail adds to the API's order (the description extends the public order answer with it). */
export const orderDetailExtras = {
  teamId: z.string(),
  team: z.strictObject({ id: z.string(), name: z.string(), type: teamType, status: teamStatus }),
  sources: z.array(
    z.strictObject({
      source: z.string(),
      sourceId: z.string(),
      receivedAt: timestamp,
      updatedAt: timestamp,
      payload: z.unknown().describe('The body the source last sent (emptied past retention)'),
      warnings: z.array(z.strictObject({ path: z.string(), message: z.string() })),
    }),
  ),
  history: z.array(z.strictObject({ status: z.enum(ORDER_STATUSES), reason: z.string(), at: timestamp })),
  printing: z.strictObject({
    timesPrinted: count,
    lastPrintedAt: timestamp.nullable(),
    lastPrinter: z.string().nullable(),
    open: z.array(
      z.strictObject({ jobId: z.string(), batchId: z.string(), state: z.string(), reason: z.string().nullable(), printerName: z.string(), printerStatus: z.string(), printerReason: z.string().nullable() }),
    ),
  }),
};

export const apiKeyAnswer = z.strictObject({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});
export const listedApiKeyAnswer = apiKeyAnswer.extend({ teamName: z.string() });
/** A new key: its secret, shown this once (only its hash is kept). */
export const createdApiKeyAnswer = z.strictObject({ key: apiKeyAnswer, secret: z.string() });

export const stationAnswer = z.strictObject({
  version: z.string().nullable().describe('The station admin’s only (null for everyone else)'),
  dataDir: z.string().nullable().describe('The station admin’s only (null for everyone else): a path on the station’s machine'),
  url: z.string().nullable(),
  host: z.string().nullable(),
  port: count.nullable(),
  apiBaseUrl: z.string().nullable(),
  teams: z.array(
    z.strictObject({ id: z.string(), name: z.string(), type: teamType, status: teamStatus, parentTeamId: z.string().nullable(), locale: z.string().nullable() }),
  ),
  locale: z.string().describe('The locale of teams that have none of their own'),
});

export const routingUseAnswer = z.strictObject({
  teamId: z.string(),
  teamName: z.string(),
  tag: z.string().nullable(),
  printerId: z.string(),
  printerName: z.string(),
  as: z.enum(['printer', 'pool', 'default']),
});

export const overviewAnswer = z.strictObject({
  dayStartedAt: timestamp,
  today: z.strictObject({ orders: count, pages: count, jobsDone: count, jobsFailed: count, printsRefused: count }),
  pagesPerHour: z.array(z.strictObject({ hourStartedAt: timestamp, pages: count })),
  queueDepth: count,
  failingJobs: z.array(
    z.strictObject({
      id: z.string(),
      batchId: z.string(),
      state: z.string(),
      printerId: z.string(),
      printerName: z.string(),
      reason: z.string().nullable(),
      attempts: count,
      updatedAt: timestamp,
      orderNumbers: z.array(z.string()),
    }),
  ),
  refusedPrints: z.array(z.strictObject({ id: z.string(), requestId: z.string(), title: z.string(), reason: z.string(), orderNumbers: z.array(z.string()), createdAt: timestamp })),
  printers: z.array(z.strictObject({ id: z.string(), name: z.string(), status: z.string(), reason: z.string().nullable(), since: timestamp.nullable(), openJobs: count })),
  routesToMissingPrinters: z.array(routingUseAnswer),
});
