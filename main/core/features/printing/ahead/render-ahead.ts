import type { PrintingDeps } from '../deps';
import { listTagRoutes } from '../requests/routing-store';
import { recentReadyOrderIds, orderTeamAndStatus } from '../../orders/store';
import { ChromiumMissingError } from '../../render/chromium-path';

/** Orders waiting to be rendered ahead at most; beyond it the oldest wait for their print. */
export const RENDER_AHEAD_BACKLOG = 2_000;
/** Orders rendered ahead side by side: the browser's two places (render/render-gate.ts, where a print's render always goes first). */
export const RENDER_AHEAD_WORKERS = 2;
/** Orders that arrived within this long make the station busy taking them. */
export const INGEST_QUIET_MS = 250;
/** While the station is busy (orders arriving, a print job in hand), the share of its time a worker renders ahead. */
export const BUSY_SHARE = 0.5;

/**
 * How long a worker rests after rendering an order for `renderedMs` (0: it takes the next at
 * once). Rendering ahead is a budget, not a pause: on a quiet station it renders flat out;
 * while orders arrive or a job prints it rests as long as it rendered, so it keeps up at
 * half its speed and the other half of the machine takes the orders and prints the jobs.
 * An order found already rendered costs no rest.
 */
export function renderAheadRest(state: { printing: boolean; sinceLastOrderMs: number; renderedMs: number }): number {
  const busy = state.printing || state.sinceLastOrderMs < INGEST_QUIET_MS;
  return busy ? (state.renderedMs * (1 - BUSY_SHARE)) / BUSY_SHARE : 0;
}

export type RenderAheadDeps = Pick<PrintingDeps, 'db' | 'events' | 'documents' | 'renderer' | 'logger'> & {
  /** Whether the print queue has a job in hand: print jobs go first, always. */
  printing: () => boolean;
};

/**
 * Renders the documents of orders still to print into the PDF cache in the background, so
 * that printing them needs no browser (render/cached-renderer.ts): oldest order first (the
 * order a floor scans them in), RENDER_AHEAD_WORKERS orders at a time, within its budget
 * while the station is busy (renderAheadRest), and always behind print jobs' own renders
 * (the render gate). An order written again is simply queued again (its new HTML has a new
 * key). It never reads or writes on the request path: it follows the station's order events.
 */
export class RenderAhead {
  /** Order ids in the order they arrived (a Set keeps insertion order and drops repeats). */
  private readonly pending = new Set<string>();
  private running = false;
  private workers: Promise<void>[] = [];
  /** Workers waiting for an order to render: the next order (or stop) wakes them. */
  private readonly waitingForOrders = new Set<() => void>();
  /** Workers resting within their budget: only stop cuts a rest short. */
  private readonly resting = new Set<() => void>();
  /** When the last order was written (performance.now()). */
  private lastOrderAt = -Infinity;
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
    this.workers = Array.from({ length: RENDER_AHEAD_WORKERS }, () => this.work());
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.deps.events.off('order', this.onOrder);
    for (const wake of [...this.waitingForOrders, ...this.resting]) wake();
    await Promise.all(this.workers);
  }

  enqueue(orderId: string): void {
    if (!this.running) return;
    // Moved to the end: its newest version is the one to render.
    this.pending.delete(orderId);
    this.pending.add(orderId);
    if (this.pending.size > RENDER_AHEAD_BACKLOG) this.pending.delete(this.pending.values().next().value!);
    for (const wake of this.waitingForOrders) wake();
  }

  private async work(): Promise<void> {
    while (this.running) {
      const orderId = this.pending.values().next().value;
      if (orderId === undefined) {
        await this.sleep(this.waitingForOrders, undefined);
        continue;
      }
      this.pending.delete(orderId);
      const started = performance.now();
      const rendered = await this.renderOrder(orderId);
      const now = performance.now();
      const rest = rendered ? renderAheadRest({ printing: this.deps.printing(), sinceLastOrderMs: now - this.lastOrderAt, renderedMs: now - started }) : 0;
      if (rest > 0) await this.sleep(this.resting, rest);
    }
  }

  /** Waits `ms` (or until woken, with undefined) among `sleepers`; stop wakes every sleeper. */
  private sleep(sleepers: Set<() => void>, ms: number | undefined): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = ms === undefined ? undefined : setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  /** Renders an order's documents ahead; true when the browser rendered any (not all found cached). */
  private async renderOrder(orderId: string): Promise<boolean> {
    const { db, logger } = this.deps;
    const order = orderTeamAndStatus(db, orderId);
    if (!order || order.status !== 'ready') return false;
    const documents = this.deps.documents();
    const routeTemplates = this.routeTemplates(order.team_id);
    const counts = { rendered: 0, cached: 0, failed: 0 };
    for (const document of documents.listForOrder(orderId)) {
      if (!this.running) return counts.rendered > 0;
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
    return counts.rendered > 0 || counts.failed > 0;
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
