import { z } from 'zod';
import { listedLinkAnswer, merchantCreatedAdminAnswer, orderDetailAnswer } from './answers';
import { apiKeyAnswer, createdApiKeyAnswer, listedApiKeyAnswer } from '../../features/keys/answers';
import { orderFacetsAnswer, orderPageAnswer, overviewAnswer, stationAnswer } from '../../features/admin/admin-answers';
import { sourceAppAnswer } from '../../features/apps/admin-answers';
import { flowAnswer, templateAnswer, templateTestPrintAnswer } from '../../features/documents/admin-answers';
import { documentAnswer, linkAnswer, linkErrorAnswer, memberAnswer, merchantAnswer, orderCreatedAnswer, printBatchResultAnswer, printerAnswer, teamAnswer } from '../openapi/answers';
import { linkTrialAnswer } from '../../features/links/admin-answers';
import { mailSettingsAnswer, mailTestAnswer } from '../../features/mail/schema';
import { networkSettingsAnswer } from '../../features/net/admin-routes';
import { csvImportAnswer, csvPreviewAnswer } from '../../features/new-orders/admin-answers';
import { printServerAnswer, probedPrinterAnswer } from '../../features/printers/routes';
import { benchAnswer } from '../../features/printing/benches/answers';
import { desktopWindowAnswer } from '../../features/printing/benches/desktop-window';
import { timeToPaperAnswer } from '../../features/printing/jobs/time-to-paper';
import { batchAnswer, defaultPrinterAnswer, jobAnswer, jobDetailAnswer, printRequestAnswer, routingAnswer, savedRouteAnswer, testPageAnswer, actorAnswer } from '../../features/printing/admin-answers';
import { diskAnswer, retentionAnswer, sweepAnswer } from '../../features/retention/admin-answers';
import { sessionAnswer, sessionPolicyAnswer } from '../../features/sessions/answers';
import { activityAnswer } from '../../features/people/activity';
import { passkeyAnswer } from '../../features/people/passkeys';
import { credentialsAnswer, meAnswer, personAnswer } from '../../features/people/routes';
import { invitationAcceptedAnswer, invitationAnswer, invitationCreatedAnswer, onboardingAnswer, onboardingTaskAnswer, shopAnswer } from '../../features/teams/admin-answers';
import { deliveryAnswer, webhookAnswer, webhookWithSecretAnswer } from '../../features/webhooks/admin-answers';

/**
 * Resources several operations answer, by the name they have in the description's
 * components (and so in the dashboard's generated client: `components['schemas']['Printer']`).
 */
export const ANSWER_COMPONENTS: Record<string, z.ZodType> = {
  Session: sessionAnswer,
  Person: personAnswer,
  Actor: actorAnswer,
  Activity: activityAnswer,
  Me: meAnswer,
  SessionPolicy: sessionPolicyAnswer,
  OrderPage: orderPageAnswer,
  OrderDetail: orderDetailAnswer,
  OrderFacets: orderFacetsAnswer,
  OrderCreated: orderCreatedAnswer,
  OrderDocument: documentAnswer,
  PrintBatchResult: printBatchResultAnswer,
  CsvPreview: csvPreviewAnswer,
  CsvImport: csvImportAnswer,
  ApiKey: apiKeyAnswer,
  ListedApiKey: listedApiKeyAnswer,
  CreatedApiKey: createdApiKeyAnswer,
  Station: stationAnswer,
  Overview: overviewAnswer,
  Team: teamAnswer,
  Merchant: merchantAnswer,
  MerchantCreated: merchantCreatedAdminAnswer,
  Member: memberAnswer,
  Onboarding: onboardingAnswer,
  OnboardingTask: onboardingTaskAnswer,
  Shop: shopAnswer,
  Invitation: invitationAnswer,
  InvitationCreated: invitationCreatedAnswer,
  InvitationAccepted: invitationAcceptedAnswer,
  SourceApp: sourceAppAnswer,
  MailSettings: mailSettingsAnswer,
  MailTest: mailTestAnswer,
  NetworkSettings: networkSettingsAnswer,
  PrintServer: printServerAnswer,
  Retention: retentionAnswer,
  Sweep: sweepAnswer,
  Disk: diskAnswer,
  Template: templateAnswer,
  TemplateTestPrint: templateTestPrintAnswer,
  Flow: flowAnswer,
  Link: linkAnswer,
  ListedLink: listedLinkAnswer,
  LinkError: linkErrorAnswer,
  LinkTrial: linkTrialAnswer,
  Printer: printerAnswer,
  ProbedPrinter: probedPrinterAnswer,
  Bench: benchAnswer,
  TimeToPaper: timeToPaperAnswer,
  Passkey: passkeyAnswer,
  PersonCredentials: credentialsAnswer,
  DesktopWindow: desktopWindowAnswer,
  TestPage: testPageAnswer,
  Routing: routingAnswer,
  DefaultPrinter: defaultPrinterAnswer,
  SavedRoute: savedRouteAnswer,
  Batch: batchAnswer,
  PrintRequest: printRequestAnswer,
  Job: jobAnswer,
  JobDetail: jobDetailAnswer,
  Webhook: webhookAnswer,
  WebhookWithSecret: webhookWithSecretAnswer,
  Delivery: deliveryAnswer,
};
