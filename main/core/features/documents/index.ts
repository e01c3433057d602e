import { sampleOrder } from './sample-order';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import type { Logger } from '../../foundations/logger';
import type { PdfRenderer } from './contract';
import { TemplateEngine } from './engine';
import { renderManyOnThread, type RenderThread } from './render-thread';
import { upgradeBuiltinTemplates } from './seed';
import { createDocumentsService, DOCUMENTS_PER_TURN } from './service';
import { createTemplatesService } from './templates-service';
import { type CarrierLabelPages } from '../carrier-labels/pages';
import type { OrderWrittenEvent } from '../orders/order-hooks';
import { ChecksAhead } from './checks-ahead';

import type Router from '@koa/router';
import { documentAdminRoutes, type DocumentAdminDeps } from './admin-routes';
import { documentRoutes } from './routes';
import type { OrdersService } from '../orders/service';

/** The threads documents work on besides the event loop (a serving station has them). */
export interface DocumentThreads {
  /** Print jobs of many documents render here, at a lower priority. */
  thread: RenderThread;
  /** Orders' documents are checked here ahead of their writes (checks-ahead.ts). */
  checks?: RenderThread;
  /** Orders a second from which they are checked there (default CHECK_AHEAD_FROM_PER_SECOND). */
  checkAheadFrom?: number;
  logger: Logger;
}

/**
 * Documents: templates, flows and the documents they build, plus the renderer printing uses.
 * With a render thread, print jobs of many documents render there (render-thread.ts).
 */
export function createDocumentsCapability(db: Db, pdfRenderer: PdfRenderer, options: { events?: StationEvents; threaded?: DocumentThreads; labelPages?: CarrierLabelPages } = {}) {
  const { events, threaded, labelPages } = options;
  const engine = new TemplateEngine();
  upgradeBuiltinTemplates(db);
  const service = createDocumentsService(db, engine, { labelPages });
  const checksAhead = threaded?.checks && new ChecksAhead(threaded.checks, threaded.logger, { fromPerSecond: threaded.checkAheadFrom });
  const documents = threaded
    ? {
        ...service,
        renderMany: renderManyOnThread(threaded.thread, service.renderMany, { inPlaceUpTo: DOCUMENTS_PER_TURN, logger: threaded.logger }),
        rebuildForOrder(event: OrderWrittenEvent) {
          const checks = checksAhead?.take(event.order.id);
          if (checks || !checksAhead) return service.rebuildForOrder(event, checks);
          // Checked in the write: what that cost decides whether the next orders go to the thread.
          const started = performance.now();
          service.rebuildForOrder(event);
          checksAhead.noteCost(performance.now() - started);
        },
      }
    : service;
  // Orders whose documents a template change rebuilt are announced like any changed order
  // (live views refresh, documents are rendered ahead again).
  const rebuildOrdersUsing = (templateIds: string[]) => {
    for (const order of documents.rebuildOrdersUsing(templateIds)) events?.emit('order', { type: 'updated', orderId: order.id, teamId: order.team_id });
  };
  return { documents, checksAhead, templates: createTemplatesService(db, engine, rebuildOrdersUsing, (row) => documents.renderPreview(row, sampleOrder(row.team_id)).zpl), pdfRenderer, renderThread: threaded?.thread };
}
export type DocumentsCapability = ReturnType<typeof createDocumentsCapability>;

/** Documents' routes: an order's documents and PDFs in the API; templates, flows and previews in the dashboard. */
export function mountDocuments(routers: { api: Router; admin: Router }, deps: DocumentAdminDeps & { orders: OrdersService }): void {
  documentRoutes(routers.api, deps.orders, deps.documents, deps.renderer);
  documentAdminRoutes(routers.admin, deps);
}
