import type Router from '@koa/router';
import { callerOf } from '../teams/caller';
import { notFound } from '../../foundations/errors';
import type { OrdersService } from '../orders/service';
import type { PdfRenderer } from './contract';
import { answerRendered, renderFailed } from './rendered-answer';
import type { DocumentsService } from './service';

/**
 * Public, API-key routes: an order's documents, and one document as a PDF. The contract
 * leaves fetching documents "not shown"; these are the station's extension (docs/api.md).
 */
export function documentRoutes(router: Router, orders: OrdersService, documents: DocumentsService, renderer: PdfRenderer): void {
  router.get('/api/orders/:orderIdOrKey/documents', (ctx) => {
    const order = orders.findForCaller(callerOf(ctx), ctx.params.orderIdOrKey!);
    ctx.body = documents.listForOrder(order.id);
  });

  router.get('/api/orders/:orderIdOrKey/documents/:documentId/pdf', async (ctx) => {
    const order = orders.findForCaller(callerOf(ctx), ctx.params.orderIdOrKey!);
    const doc = documents.listForOrder(order.id).find((d) => d.id === ctx.params.documentId);
    if (!doc) throw notFound('This order has no document with that id');
    let rendered;
    try {
      rendered = await documents.renderHtml(doc.id);
    } catch (error) {
      throw renderFailed(error);
    }
    await answerRendered(ctx, renderer, rendered, 'pdf', `${doc.tag}-${order.order_number}`);
  });
}
