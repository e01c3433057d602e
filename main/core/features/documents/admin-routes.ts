import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import { z } from 'zod';
import { scopedOrder } from '../orders/scoped-order';
import type { Db } from '../../foundations/db/open';
import { notFound } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { parseOrderRow } from '../orders/store';
import { getTeam } from '../teams/store';
import type { DocumentTestPrint, PdfRenderer, ZplPreview } from './contract';
import { getDocument } from './documents-store';
import { answerRendered, renderFailed } from './rendered-answer';
import { sampleOrder } from './sample-order';
import { templateCreateSchema } from './schema';
import type { DocumentsService } from './service';
import { templateResource, type TemplatesService } from './templates-service';
import type { TemplateRow } from './templates-store';

export const previewQuery = z.object({
  format: z.enum(['pdf', 'png']).default('pdf'),
  /** An order (id or key) to render; the sample order when absent. */
  orderId: z.string().max(500).optional(),
});

export interface DocumentAdminDeps {
  db: Db;
  documents: DocumentsService;
  templates: TemplatesService;
  renderer: PdfRenderer;
  /** PNG previews of ZPL labels. */
  zplPreview: ZplPreview;
  /** The editor's test print (the printing capability's; read when first asked). */
  testPrint: () => DocumentTestPrint;
}

/** The editor's preview of an unsaved template: the template (checked as a save is), and the order and format of previewQuery. */
export const previewBody = z.object({ template: z.unknown(), orderId: z.unknown().optional(), format: z.unknown().optional() });

/** `GET /admin/api/documents/:documentId/pdf`: PDF, or PNG of the first page. */
export const documentFileQuery = z.object({ format: z.enum(['pdf', 'png']).optional() });

export const testPrintBody = z.strictObject({
  template: z.unknown(),
  /** An order (id or key) to render; the sample order when absent. */
  orderId: z.string().min(1).max(500).optional(),
  printerId: z.string().min(1, 'Choose a printer').max(500),
  /** One of the printer's trays; its default tray when absent. */
  tray: z.string().min(1).max(200).nullable().optional(),
});

/** Dashboard routes: templates, flows, previews and an order's documents (every team of the station). */
export function documentAdminRoutes(router: Router, { db, documents, templates, renderer, zplPreview, testPrint }: DocumentAdminDeps): void {
  const teamOr404 = (teamId: string) => {
    const team = getTeam(db, teamId);
    if (!team) throw notFound('No team with that id');
    return team;
  };

  async function preview(ctx: RouterContext, template: TemplateRow, query: unknown) {
    const { format, orderId } = validate(previewQuery, query);
    const order = orderId ? parseOrderRow(scopedOrder(db, ctx, orderId)) : sampleOrder(template.team_id);
    let rendered;
    try {
      rendered = documents.renderPreview(template, order);
    } catch (error) {
      throw renderFailed(error);
    }
    await answerRendered(ctx, renderer, rendered, format, `${template.name}-${order.orderNumber}`, zplPreview);
  }

  router.get('/admin/api/teams/:teamId/templates', (ctx) => {
    ctx.body = templates.list(teamOr404(ctx.params.teamId!).id).map(templateResource);
  });

  router.post('/admin/api/teams/:teamId/templates', (ctx) => {
    const team = teamOr404(ctx.params.teamId!);
    ctx.status = 201;
    ctx.body = templateResource(templates.create(team.id, ctx.request.body));
  });

  // An unsaved edit, rendered: the editor's live preview. Same checks as saving.
  router.post('/admin/api/teams/:teamId/templates/preview', async (ctx) => {
    const team = teamOr404(ctx.params.teamId!);
    const body = validate(previewBody, ctx.request.body ?? {}, 'The preview is not valid');
    const draft = validate(templateCreateSchema, body.template, 'The template is not valid');
    templates.checkBody(draft.body);
    const row = templates.draftRow(team.id, draft);
    await preview(ctx, row, { format: body.format, orderId: body.orderId });
  });

  // The editor's "Test print": the unsaved draft, rendered for an order (or the sample order),
  // printed on the printer and tray chosen. No batch, and the order is not marked printed.
  router.post('/admin/api/teams/:teamId/templates/test-print', async (ctx) => {
    const team = teamOr404(ctx.params.teamId!);
    const body = validate(testPrintBody, ctx.request.body ?? {}, 'The test print is not valid');
    const draft = validate(templateCreateSchema, body.template, 'The template is not valid');
    templates.checkBody(draft.body);
    const row = templates.draftRow(team.id, draft);
    const order = body.orderId ? parseOrderRow(scopedOrder(db, ctx, body.orderId)) : sampleOrder(team.id);
    let rendered;
    try {
      rendered = documents.renderPreview(row, order);
    } catch (error) {
      throw renderFailed(error);
    }
    const printed = await testPrint().printDocument(body.printerId, rendered, { tray: body.tray ?? null, title: `test ${draft.name} ${order.orderNumber}` });
    ctx.body = { ...printed, orderNumber: order.orderNumber, template: draft.name };
  });

  router.get('/admin/api/templates/:templateId', (ctx) => {
    ctx.body = templateResource(templates.get(ctx.params.templateId!));
  });

  const update = (ctx: RouterContext) => {
    ctx.body = templateResource(templates.update(ctx.params.templateId!, ctx.request.body));
  };
  router.patch('/admin/api/templates/:templateId', update);
  router.put('/admin/api/templates/:templateId', update);

  router.delete('/admin/api/templates/:templateId', (ctx) => {
    templates.remove(ctx.params.templateId!);
    ctx.status = 204;
  });

  router.get('/admin/api/templates/:templateId/preview', async (ctx) => {
    await preview(ctx, templates.get(ctx.params.templateId!), ctx.query);
  });

  router.get('/admin/api/teams/:teamId/flow', (ctx) => {
    ctx.body = templates.getFlow(teamOr404(ctx.params.teamId!).id);
  });

  router.put('/admin/api/teams/:teamId/flow', (ctx) => {
    ctx.body = templates.updateFlow(teamOr404(ctx.params.teamId!).id, ctx.request.body);
  });

  router.get('/admin/api/orders/:idOrKey/documents', (ctx) => {
    ctx.body = documents.listForOrder(scopedOrder(db, ctx, ctx.params.idOrKey!).id);
  });

  router.get('/admin/api/documents/:documentId/pdf', async (ctx) => {
    const doc = getDocument(db, ctx.params.documentId!);
    if (!doc) throw notFound('No document with that id');
    let rendered;
    try {
      rendered = await documents.renderHtml(doc.id);
    } catch (error) {
      throw renderFailed(error);
    }
    await answerRendered(ctx, renderer, rendered, validate(documentFileQuery, ctx.query, 'The format is not valid').format ?? 'pdf', `${doc.tag}-${doc.id}`, zplPreview);
  });
}
