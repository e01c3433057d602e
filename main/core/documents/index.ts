import type { Db } from '../db/open';
import type { StationHooks } from '../hooks';
import type { PdfRenderer } from './contract';
import { TemplateEngine } from './engine';
import { seedTeamDocuments, upgradeBuiltinTemplates } from './seed';
import { createDocumentsService } from './service';
import { createTemplatesService } from './templates-service';

export { documentAdminRoutes } from './admin-routes';
export { documentRoutes } from './routes';

/** Documents: templates, flows and the documents they build, plus the renderer printing uses. */
export function createDocumentsCapability(db: Db, pdfRenderer: PdfRenderer) {
  const engine = new TemplateEngine();
  upgradeBuiltinTemplates(db);
  const documents = createDocumentsService(db, engine);
  return { documents, templates: createTemplatesService(db, engine, documents.rebuildOrdersUsing), pdfRenderer };
}
export type DocumentsCapability = ReturnType<typeof createDocumentsCapability>;

/** Seeds every new team; rebuilds an order's documents inside its write transaction. */
export function registerDocumentHooks(hooks: StationHooks, capability: DocumentsCapability): void {
  hooks.teamCreated.push((db, team) => seedTeamDocuments(db, team.id));
  hooks.orderWritten.push((_db, event) => capability.documents.rebuildForOrder(event));
}
