import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { RENDERS_AT_ONCE } from './render-gate';

// The page's own address: documents are served from here by the route handler, never fetched.
export const DOCUMENT_URL = 'http://render.station.invalid/document.html';

/**
 * Pages kept open between renders. A new context and page cost Chromium a renderer process
 * (~0.6 s of a 2-core machine's time, four times a render); a kept page only navigates to its
 * next document, which replaces the last one whole (no script ever runs in them). As many are
 * kept as the render gate lets render at once, since each idle page holds a renderer process
 * and its memory; renders beyond them (previews) get a page of their own, closed after; a
 * page is closed after DOCUMENTS_PER_PAGE documents, so no page grows without bound.
 */
const KEPT_PER_KIND = RENDERS_AT_ONCE;
const DOCUMENTS_PER_PAGE = 200;

/** A kept page and the document its route serves at the moment. */
export interface KeptPage {
  page: Page;
  html: string;
  documents: number;
}

/** Every request a document page makes: its own document, served from memory, or refused. */
const serveOnly = (html: () => string) => (route: Route) =>
  route.request().url() === DOCUMENT_URL ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html() }) : route.abort('blockedbyclient');

interface Kind {
  browser: Browser;
  context: Promise<BrowserContext>;
  idle: KeptPage[];
}

/**
 * Locked-down pages (JavaScript off, nothing loaded but their own document) in one context
 * per kind of render (`pdf`, `png@2`…: a context fixes the pixel ratio), kept for the next
 * render of that kind. Contexts are closed with `close()`, also in a browser shared with others.
 */
export class KeptPages {
  private readonly kinds = new Map<string, Kind>();
  private readonly contexts = new Set<BrowserContext>();
  private closed = false;

  /** An idle page of `kind` in `browser`, or a new one. */
  async take(browser: Browser, kind: string, contextOptions: BrowserContextOptions): Promise<KeptPage> {
    let entry = this.kinds.get(kind);
    if (entry?.browser !== browser) {
      // First use, or the browser was replaced after a crash: its pages went with it.
      const context = browser.newContext({ ...contextOptions, javaScriptEnabled: false }).then((made) => this.track(made));
      entry = { browser, context, idle: [] };
      const made = entry;
      this.kinds.set(kind, made);
      context.catch(() => {
        if (this.kinds.get(kind) === made) this.kinds.delete(kind);
      });
    }
    const idle = entry.idle.pop();
    if (idle && !idle.page.isClosed()) return idle;
    const page = await (await entry.context).newPage();
    const kept: KeptPage = { page, html: '', documents: 0 };
    await page.route('**/*', serveOnly(() => kept.html));
    return kept;
  }

  /** Shows `html` on a taken page: navigates to it and waits until it has loaded. */
  async show(kept: KeptPage, html: string, timeoutMs: number): Promise<void> {
    kept.html = html;
    await kept.page.goto(DOCUMENT_URL, { waitUntil: 'load', timeout: timeoutMs });
  }

  /** Keeps a page that rendered well (up to KEPT_PER_KIND idle); closes any other. */
  async giveBack(kind: string, kept: KeptPage, healthy: boolean): Promise<void> {
    kept.html = '';
    kept.documents++;
    const idle = this.kinds.get(kind)?.idle;
    if (healthy && !this.closed && idle && !kept.page.isClosed() && kept.documents < DOCUMENTS_PER_PAGE && idle.length < KEPT_PER_KIND) {
      idle.push(kept);
      return;
    }
    await kept.page.close().catch(() => {});
  }

  /** Forgets every kept page (the browser they lived in is gone). */
  forget(): void {
    this.kinds.clear();
  }

  /** Closes every context this made. */
  async close(): Promise<void> {
    this.closed = true;
    this.kinds.clear();
    await Promise.all([...this.contexts].map((context) => context.close().catch(() => {})));
  }

  private track(context: BrowserContext): BrowserContext {
    this.contexts.add(context);
    context.once('close', () => this.contexts.delete(context));
    return context;
  }
}
