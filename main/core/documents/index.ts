import type { Db } from '../db/open';
import type { StationEvents } from '../events';
import type { StationHooks } from '../hooks';
import type { PdfRenderer } from './contract';
import { TemplateEngine } from './engine';
import { seedTeamDocuments, upgradeBuiltinTemplates } from './seed';
import { createDocumentsService } from './service';
import { createTemplatesService } from './templates-service';

export { documentAdminRoutes } from './admin-routes';
export { documentRoutes } from './routes';

/** Documents: templates, flows and the documents they build, plus the renderer printing uses. */
export function createDocumentsCapability(db: Db, pdfRenderer: PdfRenderer, events?: StationEvents) {
  const engine = new TemplateEngine();
  upgradeBuiltinTemplates(db);
  const documents = createDocumentsService(db, engine);
  // Orders whose documents a template change rebuilt are announced like any changed order
  // (live views refresh, documents are rendered ahead again).
  const rebuildOrdersUsing = (templateIds: string[]) => {
    for (const order of documents.rebuildOrdersUsing(templateIds)) events?.emit('order', { type: 'updated', orderId: order.id, teamId: order.team_id });
  };
  return { documents, templates: createTemplatesService(db, engine, rebuildOrdersUsing), pdfRenderer };
}
export type DocumentsCapability = ReturnType<typeof createDocumentsCapability>;

/** Seeds every new team; rebuilds an order's documents inside its write transaction. */
export function registerDocumentHooks(hooks: StationHooks, capability: DocumentsCapability): void {
  hooks.teamCreated.push((db, team) => seedTeamDocuments(db, team.id));
  hooks.orderWritten.push((_db, event) => capability.documents.rebuildForOrder(event));
}
