import type { DocumentRecord, DocumentsApi, PaperSpec } from '../../documents/contract';
import type { OrderForPrint } from '../../orders/store';
import type { PrintersService } from '../../printers/service';
import type { Printer } from '../../printers/store';
import { matchPaperSize } from '../../printers/paper-sizes';
import type { TagRoute } from './routing-store';
import type { BenchRoute } from '../benches/store';
import type { DocumentFilters, OverrideEntry, ResultReason } from './schema';

/** Where and how one document prints. */
export interface ResolvedDocument {
  document: DocumentRecord;
  order: OrderForPrint;
  printer: Printer;
  /** The route's pool after `printer`, in order, each able to take this document's tray and paper. */
  fallbacks: Printer[];
  tray: string | null;
  /** The print-time template override, or null for the document's own template. */
  templateId: string | null;
  paper: PaperSpec;
  /** The printer's name for the paper, or null for a custom size / fit to page. */
  mediaName: string | null;
  fitToPage: boolean;
  /** A ZPL template's document: sent raw, never in a job with PDF documents, no paper of the printer's. */
  raw: boolean;
}

export interface RoutingContext {
  documents: DocumentsApi;
  /** The station's printers as the request found them (one request reads each once). */
  printers: Pick<PrintersService, 'find' | 'stationDefault'>;
  /** The team's routing by tag and default printer, loaded once per team per request. */
  teamRouting(teamId: string): { routes: Map<string, TagRoute>; defaultPrinterId: string | undefined };
  /** A bench's routing by tag (lower case), by the bench's id or name; undefined for no such bench. */
  benchRouting(benchIdOrName: string): Map<string, BenchRoute> | undefined;
  /** The bench the whole request was made at (a paired screen's scan, `overrides.bench`). */
  requestBench?: string;
}

const asList = (value: string | string[] | undefined): string[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

/** `orderTags` is read only when a filter names order tags (most requests name none, and a request may hold thousands of orders). */
export function documentMatches(filters: DocumentFilters | undefined, document: DocumentRecord, orderTags: () => string[]): boolean {
  if (!filters) return true;
  const tags = asList(filters['document.tag']);
  if (tags && !tags.some((tag) => tag.toLowerCase() === document.tag.toLowerCase())) return false;
  const templates = asList(filters['document.templateId']);
  if (templates && !templates.includes(document.templateId)) return false;
  const overrideIds = asList(filters['document.templateOverrideId']);
  if (overrideIds && !(document.templateOverrideId && overrideIds.includes(document.templateOverrideId))) return false;
  const orderTagFilter = filters['order.tags'];
  if (orderTagFilter?.length) {
    const lower = orderTags().map((tag) => tag.toLowerCase());
    if (!orderTagFilter.some((tag) => lower.includes(tag.toLowerCase()))) return false;
  }
  return true;
}

/**
 * Resolves printer, tray and template of one document, each on its own, in this order:
 * the request's override (array: the first entry whose filters match) > the bench's
 * routing for the tag (where the request was made at a bench: the parcel is there, whatever
 * the order said) > the order's overrides > the team's routing for the document's tag > the
 * team's default printer (> the station default). Returns the reasons it cannot print instead.
 */
export function resolveDocument(
  context: RoutingContext,
  order: OrderForPrint,
  orderTags: () => string[],
  document: DocumentRecord,
  overrides: OverrideEntry[],
): ResolvedDocument | { reasons: ResultReason[] } {
  const at = { documentId: document.id, tag: document.tag };
  if (!document.complete) {
    return { reasons: [{ code: 'document_incomplete', message: `The ${document.tag} document is incomplete: ${document.incompleteReason ?? 'unknown reason'}`, ...at }] };
  }
  const requested = overrides.find((entry) => documentMatches(entry.filters, document, orderTags));
  const { routes, defaultPrinterId } = context.teamRouting(order.teamId);
  const route = routes.get(document.tag.toLowerCase());
  const reasons: ResultReason[] = [];

  const benchRef = requested?.bench ?? context.requestBench;
  const benchRoute = benchRef ? context.benchRouting(benchRef)?.get(document.tag.toLowerCase()) : undefined;
  const printerRef = requested?.printer ?? benchRoute?.printerId ?? order.overrides?.printer ?? route?.printerId ?? defaultPrinterId;
  const printer = printerRef ? context.printers.find(printerRef) : context.printers.stationDefault();
  if (!printer) reasons.push({ code: 'printer_not_found', message: `No printer "${printerRef}" on this station`, ...at });
  else if (printer.status === 'missing') reasons.push({ code: 'printer_unavailable', message: `The printer "${printer.name}" is no longer available`, ...at });

  // The order's own template override is already in the document: documents apply it when
  // they are built (to the documents of that template's tag).
  // A carrier label prints as the carrier made it: no template applies to it.
  const label = document.carrierLabel;
  const templateRef = label ? null : (requested?.templateId ?? requested?.template ?? route?.template ?? null);
  let templateId: string | null = null;
  let paper = document.paper;
  let raw = label ? label.format === 'zpl' : context.documents.templateKind(document.templateOverrideId ?? document.templateId) === 'zpl';
  if (templateRef) {
    const template = context.documents.findTemplate(order.teamId, templateRef);
    if (!template) reasons.push({ code: 'template_not_found', message: `No template "${templateRef}" for this team`, ...at });
    else {
      templateId = template.id;
      paper = template.paper;
      raw = template.kind === 'zpl';
    }
  }

  // A bench's route names its own printer's tray; the team route's tray is another printer's.
  const tray = requested?.tray ?? (benchRoute && !requested?.printer ? benchRoute.tray : (order.overrides?.tray ?? route?.tray)) ?? printer?.defaultTray ?? null;
  if (printer && tray && !printer.trays.includes(tray)) {
    reasons.push({ code: 'tray_not_found', message: `The printer "${printer.name}" has no tray "${tray}" (trays: ${printer.trays.join(', ') || 'none'})`, ...at });
  }

  let mediaName: string | null = null;
  // ZPL sets its own label size (^PW, ^LL): the printer's paper list does not apply.
  if (printer && !raw) {
    const size = matchPaperSize(printer.paperSizes, { widthMm: paper.widthMm, heightMm: paper.heightMm });
    if (size) mediaName = size.name;
    else if (!printer.acceptsCustomPaper && !printer.fitToPage) {
      reasons.push({
        code: 'paper_size_unsupported',
        message: `The printer "${printer.name}" has no ${paper.name} paper (${paper.widthMm}×${paper.heightMm} mm) and does not fit to page`,
        ...at,
      });
    }
  }
  if (reasons.length || !printer) return { reasons };
  // A pool applies when the route chose the printer; a pool member that cannot take this
  // tray or paper is left out (it would print the document wrong, not print it elsewhere).
  const fromRoute = !requested?.printer && !benchRoute && !order.overrides?.printer && route?.printerId;
  const fallbacks = fromRoute
    ? route.fallbackPrinterIds
        .map((id) => context.printers.find(id))
        .filter((candidate): candidate is Printer => !!candidate && candidate.status !== 'missing' && candidate.id !== printer.id)
        .filter((candidate) => (!tray || candidate.trays.includes(tray)) && (candidate.acceptsCustomPaper || candidate.fitToPage || !!matchPaperSize(candidate.paperSizes, paper)))
    : [];
  return { document, order, printer, fallbacks, tray, templateId, paper, mediaName, fitToPage: printer.fitToPage, raw };
}
