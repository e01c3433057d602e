import { z } from 'zod';
import { createLinkSchema, linkErrorsQuerySchema, listLinksQuerySchema, updateLinkSchema } from '../../features/links/schema';
import { orderRequestSchema } from '../../features/orders/schema';
import { printerListQuerySchema } from '../../features/printers/routes';
import { printOneRequestSchema, printRequestSchema, strictQuerySchema } from '../../features/printing/requests/schema';
import { accountManagerSchema, createMerchantSchema, invitationSchema } from '../../features/teams/schema';
import * as answers from './answers';

// The schemas the document names, by name: what operations.ts refers to and document.ts converts.

/** The named schemas of `components.schemas`: what answers and bodies refer to. */
export const answerComponents = {
  Error: answers.errorAnswer,
  StrictPrintFailure: answers.strictPrintFailureAnswer,
  OrderCreated: answers.orderCreatedAnswer,
  OrderStatus: answers.orderStatusAnswer,
  PrintBatchResult: answers.printBatchResultAnswer,
  Printer: answers.printerAnswer,
  Link: answers.linkAnswer,
  LinkError: answers.linkErrorAnswer,
  LinkDeleted: answers.linkDeletedAnswer,
  Identity: answers.identityAnswer,
  AppValidation: answers.appValidAnswer,
  Team: answers.teamAnswer,
  MerchantListItem: answers.merchantAnswer,
  MerchantCreated: answers.merchantCreatedAnswer,
  InvitationSent: answers.invitationSentAnswer,
  Member: answers.memberAnswer,
  Document: answers.documentAnswer,
};
export type AnswerName = keyof typeof answerComponents;

export const bodyComponents = {
  OrderRequest: orderRequestSchema,
  PrintRequest: printRequestSchema,
  PrintOneRequest: printOneRequestSchema,
  LinkCreate: createLinkSchema,
  LinkUpdate: updateLinkSchema,
  MerchantCreate: createMerchantSchema,
  Invitation: invitationSchema,
  AccountManager: accountManagerSchema,
};
export type BodyName = keyof typeof bodyComponents;

/** Which bodies an operation may leave out (the one-order print: its options are all optional). */
export const optionalBodies: ReadonlySet<BodyName> = new Set(['PrintOneRequest']);

export const queryComponents = {
  printers: printerListQuerySchema,
  links: listLinksQuerySchema,
  linkErrors: linkErrorsQuerySchema,
  strict: strictQuerySchema,
  appValidate: z.object({ appId: z.uuid().describe('A source-app UUID') }),
};
export type QueryName = keyof typeof queryComponents;

