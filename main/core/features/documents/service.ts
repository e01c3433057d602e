import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../foundations/db/open';
import type { OrderWrittenEvent } from '../orders/order-hooks';
import { newId, nowIso } from '../../foundations/ids';
import { getOrderRow, listOrderKeys, listOrderSources, type Order, type OrderRow, parseOrderRow, setOrderStatus } from '../orders/store';
import type { DocumentRecord, DocumentsApi, PaperSpec, RenderedHtml } from './contract';
import type { OrderAhead } from '../orders/order-hooks';
import { checkKey, checksScope } from './checks-ahead';
import { carrierLabelHash, carrierLabelsOf, decodeLabel, type CarrierLabel } from '../carrier-labels/labels';
import type { CarrierLabelPages } from '../carrier-labels/pages';
import { CARRIER_LABEL_TEMPLATE_ID, carrierLabelPaper } from './carrier-labels';
import { type DocumentKey, type DocumentWrite, getDocument, listDocumentKeys, listDocuments, listDocumentsOfOrders, readyOrdersUsingTemplate, replaceDocuments, storedCarrierLabel } from './documents-store';
import type { TemplateEngine } from './engine';
import { planFlow } from './flow';
import { getFlow } from './flows-store';
import { stationLocale } from '../../foundations/locale';
import { carrierLabelAsPrinted, zplOrHtml } from './html';
import { DocumentRenderError, type CompletenessCheck, type DocumentChecks } from './render-protocol';
import { findTemplateInScope } from './resolve';
import { templateScope } from './scope';
import { flowDocuments } from './flow-documents';
import { ensureTeamSeeded } from './seed';
import { findOverride, getTemplate, paperOf, templateKindOf, type TemplateRow } from './templates-store';
import { getTeam } from '../teams/store';
import { shopView } from '../teams/shop-profile';
import { getShopProfile } from '../teams/shop-profile-store';
import { listOrderTags } from '../orders/tags-store';

/** Documents rendered per turn of the event loop (a few ms each): a turn stays well under 50 ms. */
export const DOCUMENTS_PER_TURN = 4;

/** How a plan learns whether a template renders for the order: its scope is built only when asked for. */
type CheckTemplate = (template: TemplateRow, tag: string, scope: () => object) => CompletenessCheck;

const MISSING_PAPER: PaperSpec = { name: 'A4', widthMm: 210, heightMm: 297, orientation: 'portrait', marginsMm: { top: 10, right: 10, bottom: 10, left: 10 } };

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export function createDocumentsService(db: Db, engine: TemplateEngine, options: { defaultLocale?: string; labelPages?: CarrierLabelPages } = {}) {
  const { defaultLocale = stationLocale(), labelPages } = options;
  function teamView(teamId: string) {
    const team = getTeam(db, teamId);
    const name = team?.name ?? '';
    return { id: teamId, name, locale: team?.locale ?? defaultLocale, shop: shopView(name, getShopProfile(db, teamId)) };
  }

  // Cached statements: these run for every order write, inside its transaction.
  // The scope shows a tag's label and colour (its id is the station's own).
  const orderTags = (orderId: string) => listOrderTags(db, orderId).map(({ label, color }) => ({ label, color }));
  const orderKeys = (orderId: string) => listOrderKeys(db, orderId);

  function scopeFor(order: Order, tag: string, tags = orderTags(order.id), keys = orderKeys(order.id), printDate?: Date) {
    const { locale, shop, ...team } = teamView(order.teamId);
    return templateScope(order, { team, shop, tags, orderKeys: keys, tag, locale, printDate });
  }

  /** Renders a template for an order: the body's HTML, or the reason it cannot render. */
  function tryRender(template: TemplateRow, order: Order, tag: string): { html: string } | { error: string } {
    try {
      return { html: engine.render(template, scopeFor(order, tag), 'print') };
    } catch (error) {
      return { error: renderFailure(template, error) };
    }
  }

  const renderFailure = (template: TemplateRow, error: unknown) => `template "${template.name}" failed to render: ${(error as Error).message}`;

  /** Whether a template renders against a scope (completeness: barcodes validated, not drawn). */
  function checkRender(template: TemplateRow, scope: object): CompletenessCheck {
    try {
      engine.render(template, scope, 'check');
      return { ok: true };
    } catch (error) {
      return { error: renderFailure(template, error) };
    }
  }

  /**
   * An order's documents as its team's flow plans them, each with its completeness, and the
   * flow rule that ignores the order if one does. Reads only: the write transaction uses it
   * (`rebuildForOrder`). `check` decides each document's completeness.
   */
  function planDocuments(row: OrderRow, inputs: { tags: { label: string; color: string }[]; keys: string[]; sources?: string[] }, check: CheckTemplate) {
    const flow = getFlow(db, row.team_id);
    if (!flow) return undefined;
    const order = parseOrderRow(row);
    const { tags, keys } = inputs;
    const sources = () => inputs.sources ?? listOrderSources(db, order.id).map((s) => s.source);
    const plan = planFlow(flow, { order, tagLabels: tags.map((tag) => tag.label), sources });
    // Completeness is checked as of the order's last write, so the same order checks alike on any thread.
    const checkAs = new Date(order.updatedAt);
    const checkTemplate = (template: TemplateRow, tag: string) => check(template, tag, () => scopeFor(order, tag, tags, keys, checkAs));

    const existing = new Map(listDocumentKeys(db, order.id).map((doc) => [documentKey(doc.tag, doc.template_id, storedCarrierLabel(doc)?.index), doc]));
    const next: DocumentWrite[] = [];
    const seen = new Set<string>();
    for (const planned of plan.documents) {
      const doc = resolveDocument(order, planned.templateId, planned.tag, checkTemplate);
      const key = documentKey(doc.tag, doc.templateId);
      if (seen.has(key)) continue;
      seen.add(key);
      next.push({ ...doc, id: existing.get(key)?.id ?? newId(), position: next.length });
    }
    // The carrier labels the order carries come after the flow's documents, in their order.
    for (const [index, label] of carrierLabelsOf(order.variables).entries()) {
      if (!label) continue;
      const prior = existing.get(documentKey(label.tag, CARRIER_LABEL_TEMPLATE_ID, index));
      next.push({ ...carrierLabelDocument(label, index, prior), id: prior?.id ?? newId(), position: next.length });
    }
    return { order, ignoredBy: plan.ignoredBy, documents: next };
  }

  /**
   * Checks the templates an order's documents will use, ahead of its write, on a thread of
   * their own (checks-ahead.ts): what `rebuildForOrder` then finds checked for the same
   * order, scope and template it does not check again. Reads only.
   */
  function checkAhead(ahead: OrderAhead): DocumentChecks | undefined {
    const started = performance.now();
    const { row, tags, keys } = ahead;
    const results: Record<string, CompletenessCheck> = {};
    const planned = planDocuments(row, ahead, (template, tag, scope) => (results[checkKey(template, tag)] = checkRender(template, scope())));
    return planned && { scope: checksScope(row, tags, keys, teamView(row.team_id)), results, ms: performance.now() - started };
  }

  /**
   * Rebuilds an order's documents from its team's flow. Runs inside the order's write
   * transaction (the `orderWritten` hook), so completeness is known when the 201 is sent.
   * An `ignoreOrder` action sets the status to `ignored` and updates `event.order`, so the
   * hooks after this one (auto-print) see it. `checked`: what was checked ahead for this
   * order, used only where the order, its tags, keys, team and the template are unchanged.
   */
  function rebuildForOrder(event: OrderWrittenEvent, checked?: DocumentChecks): void {
    const row = event.order;
    ensureTeamSeeded(db, row.team_id);
    const tags = orderTags(row.id);
    const keys = orderKeys(row.id);
    const ahead = checked && checked.scope === checksScope(row, tags, keys, teamView(row.team_id)) ? checked.results : undefined;
    const check: CheckTemplate = (template, tag, scope) => ahead?.[checkKey(template, tag)] ?? checkRender(template, scope());
    const planned = planDocuments(row, { tags, keys }, check);
    if (!planned) return;
    const { order, ignoredBy } = planned;
    const at = nowIso();
    if (ignoredBy && row.status === 'ready') {
      const name = ignoredBy.rule.name ? `"${ignoredBy.rule.name}"` : `#${ignoredBy.index + 1}`;
      if (setOrderStatus(db, order.id, 'ignored', `ignored by flow rule ${name}`, at)) {
        event.order = getOrderRow(db, order.id) as OrderRow;
      }
    }
    replaceDocuments(db, order.id, order.teamId, planned.documents, at);
  }

  const documentKey = (tag: string, templateId: string, carrierLabel?: number) => (carrierLabel === undefined ? `${tag}|${templateId}` : `${tag}|${templateId}|${carrierLabel}`);

  /**
   * A carrier label as a document. Its paper is the PDF's first page, read when the body was
   * checked; a rebuild after a restart keeps the paper the document already has for the
   * same bytes.
   */
  function carrierLabelDocument(label: CarrierLabel, index: number, prior: DocumentKey | undefined): Omit<DocumentWrite, 'id' | 'position'> {
    const hash = carrierLabelHash(label);
    const stored = prior && storedCarrierLabel(prior);
    const paper = carrierLabelPaper(label, labelPages, hash) ?? (stored?.hash === hash ? (JSON.parse(prior!.paper) as PaperSpec) : undefined);
    return {
      tag: label.tag,
      templateId: CARRIER_LABEL_TEMPLATE_ID,
      templateOverrideId: null,
      paper: paper ?? MISSING_PAPER,
      complete: paper !== undefined,
      incompleteReason: paper ? null : 'the carrier label PDF has not been read by this station; send the order again',
      carrierLabel: { index, format: label.format, name: label.name ?? null, hash },
    };
  }

  /** Which template a planned document uses: order override by tag, then the team's override. */
  function resolveDocument(
    order: Order,
    templateRef: string,
    ruleTag: string | undefined,
    check: (template: TemplateRow, tag: string) => CompletenessCheck,
  ): Omit<DocumentWrite, 'id' | 'position'> {
    let base = findTemplateInScope(db, order.teamId, templateRef);
    const tag = ruleTag ?? base?.tag ?? 'document';
    if (!base) return incomplete(tag, templateRef, `template "${templateRef}" not found`);

    const requested = order.overrides?.template;
    if (requested) {
      const chosen = findTemplateInScope(db, order.teamId, requested);
      if (!chosen) return incomplete(tag, base.id, `order override template "${requested}" not found`, paperOf(base));
      if (chosen.tag === tag) base = chosen;
    }
    const override = findOverride(db, order.teamId, base.id);
    const used = override ?? base;
    const result = check(used, tag);
    return {
      tag,
      templateId: base.id,
      templateOverrideId: override?.id ?? null,
      paper: paperOf(used),
      complete: 'ok' in result,
      incompleteReason: 'error' in result ? result.error : null,
    };
  }

  function incomplete(tag: string, templateId: string, reason: string, paper = MISSING_PAPER): Omit<DocumentWrite, 'id' | 'position'> {
    return { tag, templateId, templateOverrideId: null, paper, complete: false, incompleteReason: reason };
  }

  function loadOrder(orderId: string): Order {
    const row = getOrderRow(db, orderId);
    if (!row) throw new Error(`order ${orderId} no longer exists`);
    return parseOrderRow(row);
  }

  const api: DocumentsApi = {
    listForOrder: (orderId: string): DocumentRecord[] => listDocuments(db, orderId),
    listForOrders: (orderIds: readonly string[]) => listDocumentsOfOrders(db, orderIds),

    async renderHtml(documentId, options = {}): Promise<RenderedHtml> {
      const doc = getDocument(db, documentId);
      if (!doc) throw new Error(`document ${documentId} does not exist`);
      if (doc.carrierLabel) return renderCarrierLabel(doc);
      const template = options.templateId
        ? findTemplateInScope(db, doc.teamId, options.templateId)
        : getTemplate(db, doc.templateOverrideId ?? doc.templateId);
      if (!template) throw new Error(`template "${options.templateId ?? doc.templateOverrideId ?? doc.templateId}" not found`);
      const order = loadOrder(doc.orderId);
      const result = tryRender(template, order, doc.tag);
      if ('error' in result) throw new Error(result.error);
      return zplOrHtml(template, result.html, paperOf(template));
    },

    async renderMany(requests) {
      const rendered: RenderedHtml[] = [];
      for (const [index, { documentId, templateId }] of requests.entries()) {
        if (index > 0 && index % DOCUMENTS_PER_TURN === 0) await nextTurn();
        try {
          rendered.push(await api.renderHtml(documentId, templateId ? { templateId } : undefined));
        } catch (error) {
          throw new DocumentRenderError(documentId, error instanceof Error ? error.message : String(error));
        }
      }
      return rendered;
    },

    findTemplate(teamId, idOrName) {
      ensureTeamSeeded(db, teamId);
      const row = findTemplateInScope(db, teamId, idOrName);
      return row && { id: row.id, name: row.name, tag: row.tag, paper: paperOf(row), kind: row.kind };
    },

    templatesForTag(teamId, tag) {
      const wanted = tag.trim().toLowerCase();
      const found = new Map<string, { id: string; name: string; paper: PaperSpec; kind: 'html' | 'zpl' }>();
      for (const { row, tag: made } of flowDocuments(db, teamId)) {
        if (made.toLowerCase() === wanted) found.set(row.id, { id: row.id, name: row.name, paper: paperOf(row), kind: row.kind });
      }
      return [...found.values()];
    },

    flowTags: (teamId) => [...new Set(flowDocuments(db, teamId).map((document) => document.tag))].sort(),

    templateKind: (templateId) => templateKindOf(db, templateId),

    autoPrintEnabled(teamId) {
      // A team not seeded yet has the default flow, which prints automatically.
      return getFlow(db, teamId)?.autoPrint ?? true;
    },
  };

  /** A carrier label as printed: its own bytes (html.ts says what the page shows). */
  function renderCarrierLabel(doc: DocumentRecord): RenderedHtml {
    const { index, format } = doc.carrierLabel!;
    const label = carrierLabelsOf(loadOrder(doc.orderId).variables)[index];
    if (!label || label.format !== format) throw new Error(`the order no longer carries carrier label ${index + 1}`);
    return carrierLabelAsPrinted(doc, decodeLabel(label));
  }

  /** Renders a template (saved or not) against an order for previews. */
  function renderPreview(template: TemplateRow, order: Order): RenderedHtml {
    const body = engine.renderBody(template.body, scopeFor(order, template.tag), template.kind);
    const paper = paperOf(template);
    return zplOrHtml(template, body, paper);
  }

  /**
   * After a template changed (edited, deleted, overridden): the documents of orders still
   * to print (`ready`) that use it are rebuilt, so completeness and overrides stay true.
   * Printed and ignored orders keep what they had. Returns the orders rebuilt.
   */
  function rebuildOrdersUsing(templateIds: string[]): OrderRow[] {
    const orders = new Map<string, OrderRow>();
    for (const id of templateIds) for (const row of readyOrdersUsingTemplate(db, id)) orders.set(row.id, row);
    for (const order of orders.values()) rebuildForOrder({ order, created: false, merged: false, source: '', sourceId: '' });
    return [...orders.values()];
  }

  return { ...api, rebuildForOrder, rebuildOrdersUsing, checkAhead, renderPreview, engine };
}
