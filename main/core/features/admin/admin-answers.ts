import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/schema';
import { TEAM_STATUSES, TEAM_TYPES } from '../teams/store';
import { count, timestamp } from '../../foundations/answer-pieces';

/** What the dashboard's order list, keys, station and Overview operations answer, as zod. */
const tagAnswer = z.strictObject({ id: z.string(), label: z.string(), color: z.string() });
const teamType = z.enum(TEAM_TYPES);
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
  dayStartedAt: timestamp.describe("Midnight of the station's own day (its OS time zone), as UTC"),
  today: z
    .strictObject({ orders: count, pages: count, jobsDone: count, jobsFailed: count, printsRefused: count })
    .describe('`printsRefused`: print requests today with orders that could not print (an `error` refusal)'),
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
  ).describe('Failed jobs of the last day (not retried since), queued jobs retrying or waiting on the printer system, and every job not finished whose printer is offline (paused, rejecting, erroring): `reason` then says where it waits and why'),
  refusedPrints: z.array(z.strictObject({ id: z.string(), requestId: z.string(), title: z.string(), reason: z.string(), orderNumbers: z.array(z.string()), createdAt: timestamp })),
  printers: z
    .array(z.strictObject({ id: z.string(), name: z.string(), status: z.string(), reason: z.string().nullable(), since: timestamp.nullable(), openJobs: count }))
    .describe('`reason`: why it is not online, in words (paused, not accepting jobs, out of paper); `since`: when its status became what it is'),
  routesToMissingPrinters: z.array(routingUseAnswer).describe("Routing that names a printer the print system no longer lists (a tag's printer, a pool member, a team's default): its documents cannot print there"),
});
