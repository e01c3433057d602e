import { z } from 'zod';
import { apiKeyAnswer, createdApiKeyAnswer, listedApiKeyAnswer } from '../../features/keys/answers';
import { orderDetailExtras, orderFacetsAnswer, orderPageAnswer, orderSummaryAnswer, overviewAnswer, stationAnswer } from '../../features/admin/admin-answers';
import { sourceAppAnswer } from '../../features/apps/admin-answers';
import { flowAnswer, templateAnswer, templateTestPrintAnswer } from '../../features/documents/admin-answers';
import { documentAnswer, linkAnswer, linkDeletedAnswer, linkErrorAnswer, memberAnswer, merchantAnswer, orderAnswer, orderCreatedAnswer, printBatchResultAnswer, printerAnswer, teamAnswer } from '../openapi/answers';
import { linkErrorSummaryAnswer, linkTrialAnswer } from '../../features/links/admin-answers';
import { mailSettingsAnswer, mailTestAnswer } from '../../features/mail/schema';
import { networkSettingsAnswer } from '../../features/net/admin-routes';
import { csvCancelAnswer, csvImportAnswer, csvPreviewAnswer } from '../../features/new-orders/admin-answers';
import { printServerAnswer, probedPrinterAnswer } from '../../features/printers/routes';
import { benchAnswer, pairedScreenAnswer, pairingCodeAnswer, screenAnswer } from '../../features/printing/benches/answers';
import { desktopWindowAnswer } from '../../features/printing/benches/desktop-window';
import { timeToPaperAnswer } from '../../features/printing/jobs/time-to-paper';
import { batchAnswer, defaultPrinterAnswer, documentTagAnswer, jobAnswer, jobDetailAnswer, printRequestAnswer, routingAnswer, savedRouteAnswer, successAnswer, testPageAnswer } from '../../features/printing/admin-answers';
import { diskAnswer, retentionAnswer, sweepAnswer } from '../../features/retention/admin-answers';
import { sessionAnswer, sessionCreatedAnswer, sessionPolicyAnswer } from '../../features/sessions/answers';
import { activityAnswer } from '../../features/people/activity';
import { limitsAnswer } from '../../features/teams/rate-limits';
import { badgeAnswer } from '../../features/people/routes';
import { passkeyAnswer, passkeyOptionsAnswer } from '../../features/people/passkeys';
import { credentialsAnswer, lockoutLiftedAnswer, signedOutAnswer, meAnswer, passwordResetAnswer, personAnswer, resetLinkAnswer } from '../../features/people/routes';
import { invitationAcceptedAnswer, invitationAnswer, invitationCreatedAnswer, onboardingAnswer, onboardingTaskAnswer, shopAnswer } from '../../features/teams/admin-answers';
import { deliveryAnswer, webhookAnswer, webhookDeletedAnswer, webhookWithSecretAnswer } from '../../features/webhooks/admin-answers';

// The dashboard answers some of the public API's resources as they are (a printer, a link, a
// team: used below by their public names), and extends others here; the features' own answer
// schemas cannot reach the public ones (features sit below the API descriptions).
export const listedLinkAnswer = linkAnswer.extend({ errors: linkErrorSummaryAnswer });
export const orderDetailAnswer = orderAnswer.extend(orderDetailExtras);
/** A scan at the bench (POST /admin/api/orders/scan): what happened, and everything the screen shows of it. */
export const scanAnswer = z.strictObject({
  outcome: z.enum(['printing', 'printedBefore', 'several', 'none']).describe('printing: its batches are in `results`; printedBefore: nothing printed, ask first (then scan again with reprint); several: the code matches more than one order; none: no order'),
  code: z.string(),
  total: z.number().int().min(0).describe('Orders the code found (as the order list’s search)'),
  totalCapped: z.boolean(),
  order: orderSummaryAnswer.nullable(),
  detail: orderDetailAnswer.nullable(),
  documents: z.array(documentAnswer),
  results: z.array(printBatchResultAnswer),
});
export const merchantCreatedAdminAnswer = z.strictObject({ team: teamAnswer, invitationSent: z.boolean(), invitation: invitationCreatedAnswer.shape.invitation.nullable() });

/**
 * What an operation answers when it succeeds: its status, and its JSON body's zod schema
 * (beside the route, in its feature), or the media types of a body that is not JSON
 * (`content`), or nothing (204). Errors are the one shape every route answers (`Error`).
 */
export interface OperationAnswer {
  status: 200 | 201 | 204;
  body?: z.ZodType;
  /** The body is a list of these. */
  item?: z.ZodType;
  content?: readonly string[];
}

const ok = (body: z.ZodType): OperationAnswer => ({ status: 200, body });
const created = (body: z.ZodType): OperationAnswer => ({ status: 201, body });
const list = (item: z.ZodType): OperationAnswer => ({ status: 200, body: z.array(item), item });
const noContent: OperationAnswer = { status: 204 };
const rendered: OperationAnswer = { status: 200, content: ['application/pdf', 'image/png'] };

/** Each dashboard operation's answer, by `METHOD path` of the table (operations.ts): every operation has one. */
export const OPERATION_ANSWERS: Record<string, OperationAnswer> = {
  'POST /admin/api/session': created(sessionCreatedAnswer),
  'DELETE /admin/api/session': noContent,
  'POST /admin/api/password-reset': ok(passwordResetAnswer),
  'GET /admin/api/me': ok(meAnswer),
  'PUT /admin/api/me/password': noContent,
  'PUT /admin/api/me/pin': noContent,
  'POST /admin/api/teams': created(merchantCreatedAdminAnswer),
  'POST /admin/api/me/badge': created(badgeAnswer),
  'GET /admin/api/me/passkeys': list(passkeyAnswer),
  'POST /admin/api/me/passkeys/options': ok(passkeyOptionsAnswer),
  'POST /admin/api/me/passkeys': created(passkeyAnswer),
  'DELETE /admin/api/me/passkeys/:id': noContent,
  'POST /admin/api/session/passkey-options': ok(passkeyOptionsAnswer),
  'POST /admin/api/people/:userId/badge': created(badgeAnswer),
  'GET /admin/api/people': list(personAnswer),
  'GET /admin/api/activity': list(activityAnswer),
  'GET /admin/api/settings/limits': ok(limitsAnswer),
  'PUT /admin/api/settings/limits': ok(limitsAnswer),
  'POST /admin/api/people/:userId/disable': ok(personAnswer),
  'POST /admin/api/people/:userId/enable': ok(personAnswer),
  'POST /admin/api/people/:userId/reset': created(resetLinkAnswer),
  'GET /admin/api/people/:userId/credentials': ok(credentialsAnswer),
  'DELETE /admin/api/people/:userId/badge': noContent,
  'DELETE /admin/api/people/:userId/pin': noContent,
  'DELETE /admin/api/people/:userId/passkeys/:passkeyId': noContent,
  'POST /admin/api/people/:userId/sign-out': ok(signedOutAnswer),
  'POST /admin/api/people/:userId/lift-lockout': ok(lockoutLiftedAnswer),
  'PUT /admin/api/teams/:teamId/members/:userId': ok(personAnswer),
  'DELETE /admin/api/teams/:teamId/members/:userId': noContent,
  'GET /admin/api/sessions': list(sessionAnswer),
  'DELETE /admin/api/sessions/:id': noContent,
  'GET /admin/api/settings/sessions': ok(sessionPolicyAnswer),
  'PUT /admin/api/settings/sessions': ok(sessionPolicyAnswer),
  'POST /admin/api/orders/manual': created(orderCreatedAnswer),
  'POST /admin/api/orders/csv/preview': ok(csvPreviewAnswer),
  'POST /admin/api/orders/csv/import': ok(csvImportAnswer),
  'POST /admin/api/orders/csv/imports/:importId/cancel': ok(csvCancelAnswer),
  'GET /admin/api/orders': ok(orderPageAnswer),
  'GET /admin/api/orders/facets': ok(orderFacetsAnswer),
  'GET /admin/api/orders/:idOrKey': ok(orderDetailAnswer),
  'POST /admin/api/orders/:idOrKey/ignore': ok(orderDetailAnswer),
  'POST /admin/api/orders/:idOrKey/restore': ok(orderDetailAnswer),
  'POST /admin/api/orders/print': list(printBatchResultAnswer),
  'POST /admin/api/orders/scan': ok(scanAnswer),
  'GET /admin/api/orders/:idOrKey/documents': list(documentAnswer),
  'GET /admin/api/documents/:documentId/pdf': rendered,
  'GET /admin/api/keys': list(listedApiKeyAnswer),
  'POST /admin/api/keys': created(createdApiKeyAnswer),
  'POST /admin/api/keys/:id/revoke': ok(apiKeyAnswer),
  'GET /admin/api/station': ok(stationAnswer),
  'GET /admin/api/events': { status: 200, content: ['text/event-stream'] },
  'GET /admin/api/overview': ok(overviewAnswer),
  'GET /admin/api/teams/:teamId/merchants': list(merchantAnswer),
  'POST /admin/api/teams/:teamId/merchants': created(merchantCreatedAdminAnswer),
  'PUT /admin/api/teams/:teamId/merchants/:merchantTeamId': ok(merchantAnswer),
  'GET /admin/api/teams/:teamId/members': list(memberAnswer),
  'GET /admin/api/teams/:teamId/onboarding': ok(onboardingAnswer),
  'PUT /admin/api/teams/:teamId/onboarding/:kind': ok(onboardingTaskAnswer),
  'PUT /admin/api/teams/:teamId/locale': ok(teamAnswer),
  'PUT /admin/api/teams/:teamId/type': ok(teamAnswer),
  'GET /admin/api/teams/:teamId/shop': ok(shopAnswer),
  'PUT /admin/api/teams/:teamId/shop': ok(shopAnswer),
  'POST /admin/api/teams/:teamId/go-live': ok(teamAnswer),
  'GET /admin/api/teams/:teamId/invitations': list(invitationAnswer),
  'POST /admin/api/teams/:teamId/invitations': created(invitationCreatedAnswer),
  'POST /admin/api/invitations/accept': ok(invitationAcceptedAnswer),
  'GET /admin/api/apps': list(sourceAppAnswer),
  'POST /admin/api/apps': created(sourceAppAnswer),
  'PUT /admin/api/apps/:appId': ok(sourceAppAnswer),
  'GET /admin/api/settings/mail': ok(mailSettingsAnswer),
  'PUT /admin/api/settings/mail': ok(mailSettingsAnswer),
  'DELETE /admin/api/settings/mail': ok(mailSettingsAnswer),
  'POST /admin/api/settings/mail/test': ok(mailTestAnswer),
  'GET /admin/api/settings/network': ok(networkSettingsAnswer),
  'PUT /admin/api/settings/network': ok(networkSettingsAnswer),
  'GET /admin/api/settings/desktop-window': ok(desktopWindowAnswer),
  'PUT /admin/api/settings/desktop-window': ok(desktopWindowAnswer),
  'GET /admin/api/settings/print-server': ok(printServerAnswer),
  'PUT /admin/api/settings/print-server': ok(printServerAnswer),
  'GET /admin/api/settings/retention': ok(retentionAnswer),
  'PUT /admin/api/settings/retention': ok(retentionAnswer),
  'POST /admin/api/settings/retention/sweep': ok(sweepAnswer),
  'GET /admin/api/settings/disk': ok(diskAnswer),
  'GET /admin/api/teams/:teamId/templates': list(templateAnswer),
  'POST /admin/api/teams/:teamId/templates': created(templateAnswer),
  'POST /admin/api/teams/:teamId/templates/preview': rendered,
  'POST /admin/api/teams/:teamId/templates/test-print': ok(templateTestPrintAnswer),
  'GET /admin/api/templates/:templateId': ok(templateAnswer),
  'PATCH /admin/api/templates/:templateId': ok(templateAnswer),
  'PUT /admin/api/templates/:templateId': ok(templateAnswer),
  'DELETE /admin/api/templates/:templateId': noContent,
  'GET /admin/api/templates/:templateId/preview': rendered,
  'GET /admin/api/teams/:teamId/flow': ok(flowAnswer),
  'PUT /admin/api/teams/:teamId/flow': ok(flowAnswer),
  'GET /admin/api/links': list(listedLinkAnswer),
  'GET /admin/api/links/:linkId': ok(linkAnswer),
  'POST /admin/api/links': ok(linkAnswer),
  'PUT /admin/api/links/:linkId': ok(linkAnswer),
  'DELETE /admin/api/links/:linkId': ok(linkDeletedAnswer),
  'GET /admin/api/links/:linkId/errors': list(linkErrorAnswer),
  'POST /admin/api/links/:linkId/test': ok(linkTrialAnswer),
  'POST /admin/api/links/test': ok(linkTrialAnswer),
  'GET /admin/api/printers': list(printerAnswer),
  'POST /admin/api/printers': created(printerAnswer.extend({ probe: probedPrinterAnswer })),
  'POST /admin/api/printers/probe': ok(probedPrinterAnswer),
  'GET /admin/api/benches': list(benchAnswer),
  'POST /admin/api/benches': created(benchAnswer),
  'GET /admin/api/benches/:id': ok(benchAnswer),
  'DELETE /admin/api/benches/:id': noContent,
  'PUT /admin/api/benches/:id/routes/:tag': ok(benchAnswer),
  'DELETE /admin/api/benches/:id/routes/:tag': noContent,
  'POST /admin/api/benches/:id/pairing-code': created(pairingCodeAnswer),
  'POST /admin/api/bench-screen': created(pairedScreenAnswer),
  'GET /admin/api/bench-screen': ok(screenAnswer),
  'POST /admin/api/printers/refresh': list(printerAnswer),
  'PATCH /admin/api/printers/:id': ok(printerAnswer),
  'DELETE /admin/api/printers/:id': noContent,
  'POST /admin/api/printers/:id/test-print': ok(testPageAnswer),
  'GET /admin/api/teams/:teamId/routing': ok(routingAnswer),
  'GET /admin/api/document-tags': list(documentTagAnswer),
  'GET /admin/api/printers/time-to-paper': list(timeToPaperAnswer),
  'PUT /admin/api/teams/:teamId/routing/default-printer': ok(defaultPrinterAnswer),
  'PUT /admin/api/teams/:teamId/routing/tags/:tag': ok(savedRouteAnswer),
  'DELETE /admin/api/teams/:teamId/routing/tags/:tag': ok(successAnswer),
  'GET /admin/api/print-batches': list(batchAnswer),
  'GET /admin/api/print-requests': list(printRequestAnswer),
  'GET /admin/api/print-batches/:id': ok(batchAnswer),
  'GET /admin/api/print-jobs/:id': ok(jobDetailAnswer),
  'GET /admin/api/print-jobs/:id/printed': { status: 200, content: ['application/pdf', 'application/octet-stream'] },
  'POST /admin/api/print-jobs/:id/reprint': created(batchAnswer),
  'POST /admin/api/print-jobs/:id/retry': ok(jobAnswer),
  'POST /admin/api/print-jobs/:id/count-as-printed': ok(jobAnswer),
  'POST /admin/api/print-jobs/:id/cancel': ok(jobAnswer),
  'POST /admin/api/print-jobs/:id/move': ok(jobAnswer),
  'GET /admin/api/webhooks': list(webhookAnswer),
  'POST /admin/api/webhooks': created(webhookWithSecretAnswer),
  'PUT /admin/api/webhooks/:id': ok(webhookAnswer),
  'POST /admin/api/webhooks/:id/secret': ok(webhookWithSecretAnswer),
  'DELETE /admin/api/webhooks/:id': ok(webhookDeletedAnswer),
  'GET /admin/api/webhooks/:id/deliveries': list(deliveryAnswer),
  'POST /admin/api/webhook-deliveries/:id/retry': ok(deliveryAnswer),
  'GET /admin/api/openapi.json': ok(z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })),
};
