import { sampleOrder } from './sample-order';
import type { Db } from '../db/open';
import type { StationEvents } from '../events';
import type { StationHooks } from '../hooks';
import type { Logger } from '../logger';
import type { PdfRenderer } from './contract';
import { TemplateEngine } from './engine';
import { checkAheadOnThread, CheckedAhead } from './checked-ahead';
import { renderManyOnThread, type RenderThread } from './render-thread';
import { seedTeamDocuments, upgradeBuiltinTemplates } from './seed';
import { createDocumentsService, DOCUMENTS_PER_TURN } from './service';
import { createTemplatesService } from './templates-service';

export { documentAdminRoutes } from './admin-routes';
export { documentRoutes } from './routes';

/** The threads documents work on besides the event loop (a serving station has both). */
export interface DocumentThreads {
  /** Print jobs of many documents render here, at a lower priority. */
  thread: RenderThread;
  /** Order writes check their documents' completeness here first. */
  checkThread?: RenderThread;
  logger: Logger;
}

/**
 * Documents: templates, flows and the documents they build, plus the renderer printing uses.
 * With a render thread, print jobs of many documents render there (render-thread.ts); with a
 * check thread, order writes find their documents' completeness there before their
 * transaction (checked-ahead.ts).
 */
export function createDocumentsCapability(db: Db, pdfRenderer: PdfRenderer, events?: StationEvents, threaded?: DocumentThreads) {
  const engine = new TemplateEngine();
  upgradeBuiltinTemplates(db);
  const checkedAhead = new CheckedAhead();
  const service = createDocumentsService(db, engine, { checkedAhead });
  const documents = threaded ? { ...service, renderMany: renderManyOnThread(threaded.thread, service.renderMany, { inPlaceUpTo: DOCUMENTS_PER_TURN, logger: threaded.logger }) } : service;
  // Orders whose documents a template change rebuilt are announced like any changed order
  // (live views refresh, documents are rendered ahead again).
  const rebuildOrdersUsing = (templateIds: string[]) => {
    for (const order of documents.rebuildOrdersUsing(templateIds)) events?.emit('order', { type: 'updated', orderId: order.id, teamId: order.team_id });
  };
  const checkAhead = threaded?.checkThread ? checkAheadOnThread(threaded.checkThread, checkedAhead, { logger: threaded.logger }) : undefined;
  return { documents, templates: createTemplatesService(db, engine, rebuildOrdersUsing, (row) => documents.renderPreview(row, sampleOrder(row.team_id)).zpl), pdfRenderer, renderThread: threaded?.thread, checkThread: threaded?.checkThread, checkedAhead, checkAhead };
}
export type DocumentsCapability = ReturnType<typeof createDocumentsCapability>;

/**
 * Seeds every new team; checks an order's documents ahead of its write (with a check
 * thread); rebuilds them inside its write transaction.
 */
export function registerDocumentHooks(hooks: StationHooks, capability: DocumentsCapability): void {
  hooks.teamCreated.push((db, team) => seedTeamDocuments(db, team.id));
  const { checkAhead } = capability;
  if (checkAhead) hooks.orderDrafted.push((draft) => checkAhead(draft));
  hooks.orderWritten.push((_db, event) => capability.documents.rebuildForOrder(event));
}
