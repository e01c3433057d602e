import type { z } from 'zod';
import { createKeyBody } from '../../admin/keys-routes';
import { listQuery } from '../../admin/orders-routes';
import { adminPrintBody } from '../../admin/print-routes';
import { previewQuery, testPrintBody } from '../../documents/admin-routes';
import { flowSchema, templateCreateSchema, templateUpdateSchema } from '../../documents/schema';
import { draftTestSchema, teamIdSchema, testSchema } from '../../links/admin-routes';
import { createLinkSchema, linkErrorsQuerySchema, listLinksQuerySchema, updateLinkSchema } from '../../links/schema';
import { mailSettingsInput } from '../../mail/schema';
import { networkSettingsInput } from '../../net/admin-routes';
import { csvBody, importBody, manualBody } from '../../new-orders/manual-orders';
import { printServerInput } from '../../printers/print-server';
import { batchListQuery, defaultPrinterBody, printerSettingsBody, requestListQuery, routeBody } from '../../printing/admin-routes';
import { retentionInput } from '../../retention/settings';
import { policyInput } from '../../sessions/session-routes';
import { shopProfileSchema } from '../../teams/shop-profile';
import { acceptInvitationSchema, accountManagerSchema, createMerchantSchema, invitationSchema, taskDoneSchema, teamLocaleSchema } from '../../teams/schema';
import { createBody, deliveriesQuery, updateBody } from '../../webhooks/admin-routes';

/** What an operation reads: its body's schema, its query's. */
export interface OperationInput {
  body?: z.ZodType;
  query?: z.ZodType;
}

/**
 * The schemas each dashboard operation validates its input with, by `METHOD path` of the
 * table (operations.ts): the same zod schemas the routes use, exported beside them in their
 * features, so the served description says what the route checks. An operation not listed
 * reads no body or query, or reads it with a schema not yet exported.
 */
export const OPERATION_INPUTS: Record<string, OperationInput> = {
  'PUT /admin/api/settings/sessions': { body: policyInput },
  'POST /admin/api/orders/manual': { body: manualBody },
  'POST /admin/api/orders/csv/preview': { body: csvBody },
  'POST /admin/api/orders/csv/import': { body: importBody },
  'GET /admin/api/orders': { query: listQuery },
  'POST /admin/api/orders/print': { body: adminPrintBody },
  'POST /admin/api/keys': { body: createKeyBody },
  'POST /admin/api/teams/:teamId/merchants': { body: createMerchantSchema },
  'PUT /admin/api/teams/:teamId/merchants/:merchantTeamId': { body: accountManagerSchema },
  'PUT /admin/api/teams/:teamId/onboarding/:kind': { body: taskDoneSchema },
  'PUT /admin/api/teams/:teamId/locale': { body: teamLocaleSchema },
  'PUT /admin/api/teams/:teamId/shop': { body: shopProfileSchema },
  'POST /admin/api/teams/:teamId/invitations': { body: invitationSchema },
  'POST /admin/api/invitations/accept': { body: acceptInvitationSchema },
  'PUT /admin/api/settings/mail': { body: mailSettingsInput },
  'PUT /admin/api/settings/network': { body: networkSettingsInput },
  'PUT /admin/api/settings/print-server': { body: printServerInput },
  'PUT /admin/api/settings/retention': { body: retentionInput },
  'POST /admin/api/teams/:teamId/templates': { body: templateCreateSchema },
  'POST /admin/api/teams/:teamId/templates/test-print': { body: testPrintBody },
  'PATCH /admin/api/templates/:templateId': { body: templateUpdateSchema },
  'PUT /admin/api/templates/:templateId': { body: templateUpdateSchema },
  'GET /admin/api/templates/:templateId/preview': { query: previewQuery },
  'PUT /admin/api/teams/:teamId/flow': { body: flowSchema },
  'GET /admin/api/links': { query: listLinksQuerySchema },
  'POST /admin/api/links': { body: teamIdSchema.extend(createLinkSchema.shape) },
  'PUT /admin/api/links/:linkId': { body: updateLinkSchema },
  'GET /admin/api/links/:linkId/errors': { query: linkErrorsQuerySchema },
  'POST /admin/api/links/:linkId/test': { body: testSchema },
  'POST /admin/api/links/test': { body: draftTestSchema },
  'PATCH /admin/api/printers/:id': { body: printerSettingsBody },
  'PUT /admin/api/teams/:teamId/routing/default-printer': { body: defaultPrinterBody },
  'PUT /admin/api/teams/:teamId/routing/tags/:tag': { body: routeBody },
  'GET /admin/api/print-batches': { query: batchListQuery },
  'GET /admin/api/print-requests': { query: requestListQuery },
  'POST /admin/api/webhooks': { body: createBody },
  'PUT /admin/api/webhooks/:id': { body: updateBody },
  'GET /admin/api/webhooks/:id/deliveries': { query: deliveriesQuery },
};
