import { z } from 'zod';
import { appListQuery, createAppSchema, updateAppSchema } from '../../features/apps/routes';
import { documentFileQuery, previewBody } from '../../features/documents/admin-routes';
import { mailTestBody } from '../../features/mail/admin-routes';
import { probeBody } from '../../features/printers/routes';
import { addPrinterInput } from '../../features/printers/by-address/add-printer';
import { benchInput, benchRouteInput, pairScreenInput } from '../../features/printing/benches/routes';
import { desktopWindowInput } from '../../features/printing/benches/desktop-window';
import { moveBody } from '../../features/printing/admin-routes';
import { activityQuery } from '../../features/people/activity';
import { limitsInput } from '../../features/teams/rate-limits';
import { pinBody } from '../../features/people/routes';
import { passkeyRegistrationBody } from '../../features/people/passkeys';
import { acceptInvitationBody, changePasswordBody, confirmBody, memberRoleBody, passwordResetBody, signInBody } from '../../features/people/routes';
import { webhookListQuery } from '../../features/webhooks/admin-routes';
import { eventsQuery } from '../../features/admin/events-routes';
import { createKeyBody } from '../../features/admin/keys-routes';
import { listQuery } from '../../features/admin/orders-routes';
import { adminPrintBody } from '../../features/admin/print-routes';
import { scanBody } from '../../features/admin/scan-routes';
import { previewQuery, testPrintBody } from '../../features/documents/admin-routes';
import { flowSchema, templateCreateSchema, templateUpdateSchema } from '../../features/documents/schema';
import { draftTestSchema, teamIdSchema, testSchema } from '../../features/links/admin-routes';
import { createLinkSchema, linkErrorsQuerySchema, listLinksQuerySchema, updateLinkSchema } from '../../features/links/schema';
import { mailSettingsInput } from '../../features/mail/schema';
import { networkSettingsInput } from '../../features/net/admin-routes';
import { csvBody, importBody, manualBody } from '../../features/new-orders/manual-orders';
import { printServerInput } from '../../features/printers/print-server';
import { batchListQuery, requestListQuery } from '../../features/printing/admin-routes';
import { printerSettingsBody } from '../../features/printing/printer-admin-routes';
import { defaultPrinterBody, routeBody } from '../../features/printing/requests/routing-admin-routes';
import { retentionInput } from '../../features/retention/settings';
import { policyInput } from '../../features/sessions/session-routes';
import { shopProfileSchema } from '../../features/teams/shop-profile';
import { accountManagerSchema, createMerchantSchema, createTeamSchema, taskDoneSchema, teamInvitationSchema, teamLocaleSchema, teamTypeSchema } from '../../features/teams/schema';
import { createBody, deliveriesQuery, updateBody } from '../../features/webhooks/admin-routes';

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
  'GET /admin/api/events': { query: eventsQuery },
  'POST /admin/api/session': { body: signInBody },
  'POST /admin/api/print-jobs/:id/move': { body: moveBody },
  'GET /admin/api/apps': { query: appListQuery },
  'POST /admin/api/apps': { body: createAppSchema },
  'PUT /admin/api/apps/:appId': { body: updateAppSchema },
  'POST /admin/api/settings/mail/test': { body: mailTestBody },
  'POST /admin/api/teams/:teamId/templates/preview': { body: previewBody.extend({ template: templateCreateSchema, orderId: previewQuery.shape.orderId, format: previewQuery.shape.format }) },
  'GET /admin/api/documents/:documentId/pdf': { query: documentFileQuery },
  'GET /admin/api/webhooks': { query: webhookListQuery },
  'PUT /admin/api/settings/sessions': { body: policyInput },
  'POST /admin/api/orders/manual': { body: manualBody },
  'POST /admin/api/orders/csv/preview': { body: csvBody },
  'POST /admin/api/orders/csv/import': { body: importBody },
  'GET /admin/api/orders': { query: listQuery },
  'POST /admin/api/orders/print': { body: adminPrintBody },
  'POST /admin/api/orders/scan': { body: scanBody },
  'POST /admin/api/keys': { body: createKeyBody },
  'POST /admin/api/teams/:teamId/merchants': { body: createMerchantSchema },
  'PUT /admin/api/teams/:teamId/merchants/:merchantTeamId': { body: accountManagerSchema },
  'PUT /admin/api/teams/:teamId/onboarding/:kind': { body: taskDoneSchema },
  'PUT /admin/api/teams/:teamId/locale': { body: teamLocaleSchema },
  'PUT /admin/api/teams/:teamId/type': { body: teamTypeSchema },
  'PUT /admin/api/teams/:teamId/shop': { body: shopProfileSchema },
  'POST /admin/api/teams/:teamId/invitations': { body: teamInvitationSchema },
  'POST /admin/api/invitations/accept': { body: acceptInvitationBody },
  'POST /admin/api/password-reset': { body: passwordResetBody },
  'GET /admin/api/activity': { query: activityQuery },
  'PUT /admin/api/settings/limits': { body: limitsInput },
  'PUT /admin/api/me/password': { body: changePasswordBody },
  'PUT /admin/api/me/pin': { body: pinBody },
  'POST /admin/api/me/badge': { body: confirmBody },
  'POST /admin/api/me/passkeys/options': { body: confirmBody },
  'POST /admin/api/me/passkeys': { body: passkeyRegistrationBody },
  'POST /admin/api/teams': { body: createTeamSchema },
  'PUT /admin/api/teams/:teamId/members/:userId': { body: memberRoleBody },
  'PUT /admin/api/settings/mail': { body: mailSettingsInput },
  'PUT /admin/api/settings/network': { body: networkSettingsInput },
  'PUT /admin/api/settings/desktop-window': { body: desktopWindowInput },
  'PUT /admin/api/settings/print-server': { body: printServerInput },
  'PUT /admin/api/settings/retention': { body: retentionInput },
  'POST /admin/api/teams/:teamId/templates': { body: templateCreateSchema },
  'POST /admin/api/teams/:teamId/templates/test-print': { body: testPrintBody.extend({ template: templateCreateSchema }) },
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
  'POST /admin/api/printers': { body: addPrinterInput },
  'POST /admin/api/benches': { body: benchInput },
  'PUT /admin/api/benches/:id/routes/:tag': { body: benchRouteInput },
  'POST /admin/api/bench-screen': { body: pairScreenInput },
  'POST /admin/api/printers/probe': { body: probeBody },
  'PUT /admin/api/teams/:teamId/routing/default-printer': { body: defaultPrinterBody },
  'PUT /admin/api/teams/:teamId/routing/tags/:tag': { body: routeBody },
  'GET /admin/api/print-batches': { query: batchListQuery },
  'GET /admin/api/print-requests': { query: requestListQuery },
  'POST /admin/api/webhooks': { body: createBody },
  'PUT /admin/api/webhooks/:id': { body: updateBody },
  'GET /admin/api/webhooks/:id/deliveries': { query: deliveriesQuery },
};
