import type { PrintingDeps } from '../deps';
import { listTagRoutes } from '../requests/routing-store';
import { recentReadyOrderIds, orderTeamAndStatus } from '../../orders/store';
import { ChromiumMissingError } from '../../render/chromium-path';

/** Orders waiting to be rendered ahead at most; beyond it the oldest wait for their print. */
export const RENDER_AHEAD_BACKLOG = 2_000;
/** How often a waiting worker looks again whether the print queue is through. */
const BUSY_POLL_MS = 250;
/** While orders keep arriving, rendering ahead waits until they pause this long: taking orders comes first. */
export const INGEST_QUIET_MS = 250;
/** ...but never longer than this after its last order rendered, so a steady stream of orders does not starve it. */
export const LONGEST_DEFERRAL_MS = 5_000;

/**
 * How long rendering ahead waits before its next order (0: now). The browser it renders in
 * takes a core: on a small machine it would slow the orders being taken, so it waits while a
 * print job is in hand, and while orders arrive (until they pause, or its last render is
 * LONGEST_DEFERRAL_MS old).
 */
export function renderAheadWait(state: { printing: boolean; now: number; lastOrderAt: number; lastRenderAt: number }): number {
  if (state.printing) return BUSY_POLL_MS;
  const untilQuiet = state.lastOrderAt + INGEST_QUIET_MS - state.now;
  const untilOverdue = state.lastRenderAt + LONGEST_DEFERRAL_MS - state.now;
  return Math.max(0, Math.min(untilQuiet, untilOverdue));
}

export type RenderAheadDeps = Pick<PrintingDeps, 'db' | 'events' | 'documents' | 'renderer' | 'logger'> & {
  /** Whether the print queue has a job in hand: print jobs go first, always. */
  printing: () => boolean;
};

/**
 * Renders the documents of orders still to print into the PDF cache in the background, so
 * that printing them needs no browser (render/cached-renderer.ts). One document at a time
 * (the browser is shared with printing), only while no print job is in hand, and not while
 * orders pour in (renderAheadWait); an order
 * written again is simply queued again (its new HTML has a new key). It never reads or
 * writes on the request path: it follows the station's order events.
 */
export class RenderAhead {
  /** Order ids in the order they arrived (a Set keeps insertion order and drops repeats). */
  private readonly pending = new Set<string>();
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** When the last order was written, and when the last order was rendered ahead (performance.now()). */
  private lastOrderAt = -Infinity;
  private lastRenderAt = -Infinity;
  private readonly onOrder = (event: { type: string; orderId: string }) => {
    if (event.type === 'status') return;
    this.lastOrderAt = performance.now();
    this.enqueue(event.orderId);
  };

  constructor(private readonly deps: RenderAheadDeps) {}

  start(): void {
    if (this.running || !this.deps.renderer().renderAhead) return;
    this.running = true;
    this.deps.events.on('order', this.onOrder);
    // Orders still to print when the station last stopped: those already cached are found at once.
    for (const id of recentReadyOrderIds(this.deps.db, RENDER_AHEAD_BACKLOG).reverse()) this.pending.add(id);
    this.loop = this.work();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.deps.events.off('order', this.onOrder);
    this.wakeUp?.();
    await this.loop;
  }

  enqueue(orderId: string): void {
    if (!this.running) return;
    // Moved to the end: its newest version is the one to render.
    this.pending.delete(orderId);
    this.pending.add(orderId);
    if (this.pending.size > RENDER_AHEAD_BACKLOG) this.pending.delete(this.pending.values().next().value!);
    this.wakeUp?.();
  }

  private async work(): Promise<void> {
    while (this.running) {
      const orderId = this.pending.values().next().value;
      if (orderId === undefined) {
        await this.sleep(undefined);
        continue;
      }
      const wait = renderAheadWait({ printing: this.deps.printing(), now: performance.now(), lastOrderAt: this.lastOrderAt, lastRenderAt: this.lastRenderAt });
      if (wait > 0) {
        await this.sleep(wait);
        continue;
      }
      this.pending.delete(orderId);
      await this.renderOrder(orderId);
      this.lastRenderAt = performance.now();
    }
  }

  private sleep(ms: number | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.wakeUp = undefined));
  }

  private async renderOrder(orderId: string): Promise<void> {
    const { db, logger } = this.deps;
    const order = orderTeamAndStatus(db, orderId);
    if (!order || order.status !== 'ready') return;
    const documents = this.deps.documents();
    const routeTemplates = this.routeTemplates(order.team_id);
    const counts = { rendered: 0, cached: 0, failed: 0 };
    for (const document of documents.listForOrder(orderId)) {
      if (!this.running) return;
      // Incomplete documents do not print; carrier labels print as they are.
      if (!document.complete || document.carrierLabel) continue;
      try {
        // With the template the team's routing prints this tag with, as a print would.
        const templateId = routeTemplates.get(document.tag.toLowerCase());
        const html = await documents.renderHtml(document.id, templateId ? { templateId } : undefined);
        // ZPL is sent raw, never through a PDF.
        if (html.zpl !== undefined) continue;
        counts[await this.deps.renderer().renderAhead!(html)]++;
      } catch (error) {
        // Printing renders it again and says why it cannot, where a person sees it.
        counts.failed++;
        // No browser at all is said once by the print queue (what to install), not per document here.
        if (!(error instanceof ChromiumMissingError)) logger.info('rendering a document ahead failed', { documentId: document.id, error: String(error) });
      }
    }
    this.deps.events.emit('renderedAhead', { orderId, teamId: order.team_id, ...counts });
  }

  /** Tag → the id of the template the team's routing prints it with, where a route names one. */
  private routeTemplates(teamId: string): Map<string, string> {
    const documents = this.deps.documents();
    const templates = new Map<string, string>();
    for (const route of listTagRoutes(this.deps.db, teamId)) {
      const template = route.template ? documents.findTemplate(teamId, route.template) : undefined;
      if (template) templates.set(route.tag.toLowerCase(), template.id);
    }
    return templates;
  }
}
