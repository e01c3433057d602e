import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { PaperSpec, PdfRenderer, RenderedHtml } from '../documents/contract';
import { pageSizeMm } from '../documents/paper';
import type { Logger } from '../../foundations/logger';
import { resolveChromiumPath } from './chromium-path';
import { firstSandboxChoice, isSandboxFailure, type SandboxDecision } from './chromium-sandbox';
import { combineDocuments, pagePixels, previewSheet } from './combine';
import { loadPdfLib } from './merge-pdf';

export interface ChromiumRendererOptions {
  /** The browser executable; default `STATION_CHROMIUM_PATH`, then the platform's usual places. */
  executablePath?: string;
  /** How long a page may take to load, in ms. */
  timeoutMs?: number;
  /** Where the station says, once, that Chromium runs without its sandbox and why. */
  logger?: Pick<Logger, 'info'>;
}

/** Chromium's flags; its sandbox is chosen apart (chromium-sandbox.ts). */
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

// The page's own address: documents are served from here by the route handler, never fetched.
const DOCUMENT_URL = 'http://render.station.invalid/document.html';

/**
 * Pages kept open between PDF renders. A new context and page cost Chromium a renderer
 * process (~0.6 s of a 2-core machine's time, four times the render itself); a kept page only
 * navigates to its next document. Renders beyond this many at once get a page of their own,
 * closed after. A page is closed after this many documents, so no page grows without bound.
 */
const KEPT_PAGES = 4;
const DOCUMENTS_PER_PAGE = 200;

/** A kept page and the document its route serves at the moment. */
interface PdfPage {
  page: Page;
  html: string;
  documents: number;
}

/** Every request a document page makes: its own document, served from memory, or refused. */
const serveOnly = (html: () => string) => (route: Route) =>
  route.request().url() === DOCUMENT_URL ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html() }) : route.abort('blockedbyclient');

/**
 * HTML → PDF in a headless Chromium (playwright-core, the system browser). The browser
 * starts on first use and is reused. Every page that holds order data has JavaScript
 * disabled and may load only data: images: the station fetched and inlined the http(s)
 * ones under its outbound policy first (render/inline-images.ts); every other request,
 * http(s) included, is aborted, so Chromium itself never reaches the network.
 */
export class ChromiumPdfRenderer implements PdfRenderer {
  private browser?: Promise<Browser>;
  private closed = false;
  private sandbox: SandboxDecision | undefined;
  /** The context of the kept PDF pages, of the browser it was made in. */
  private pdfContext?: { browser: Browser; context: Promise<BrowserContext> };
  private readonly idlePages: PdfPage[] = [];

  constructor(private readonly options: ChromiumRendererOptions = {}) {}

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the PDF renderer is closed'));
    if (!this.browser) {
      const launching = (async () => {
        const executablePath = resolveChromiumPath(this.options.executablePath);
        // Loaded on the first render: Playwright is ~40 MB of a station that may never print.
        // pdf-lib comes with it, so merging never compiles a module in the middle of a batch.
        const [{ chromium }] = await Promise.all([import('playwright-core'), loadPdfLib()]);
        const browser = await this.launchWithSandboxIfPossible((sandbox) => chromium.launch({ executablePath, headless: true, chromiumSandbox: sandbox, args: CHROMIUM_ARGS }));
        // A crashed browser is replaced by the next render (its kept pages went with it).
        browser.on('disconnected', () => {
          if (this.browser === launching) this.browser = undefined;
          if (this.pdfContext?.browser === browser) this.pdfContext = undefined;
          this.idlePages.length = 0;
        });
        return browser;
      })();
      this.browser = launching;
      launching.catch(() => {
        if (this.browser === launching) this.browser = undefined;
      });
    }
    return this.browser;
  }

  /** Sandboxed when Chromium can be (chromium-sandbox.ts); the reason it is not is logged once. */
  private async launchWithSandboxIfPossible(launch: (sandbox: boolean) => Promise<Browser>): Promise<Browser> {
    let decision = this.sandbox ?? firstSandboxChoice();
    let browser: Browser;
    try {
      browser = await launch(decision.sandbox);
    } catch (error) {
      if (!decision.sandbox || !isSandboxFailure(error)) throw error;
      decision = { sandbox: false, why: `a sandboxed launch failed (${String((error as Error).message).split('\n')[0]}); allow unprivileged user namespaces or install Chromium's sandbox helper` };
      browser = await launch(false);
    }
    if (!decision.sandbox && this.sandbox === undefined) this.options.logger?.info('Chromium renders documents without its sandbox', { why: decision.why });
    this.sandbox = decision;
    return browser;
  }

  /** How Chromium was launched, once it was (tests, the log). */
  get sandboxDecision(): SandboxDecision | undefined {
    return this.sandbox;
  }

  /** A fresh, locked-down context holding `html` as its only document. */
  private async open(html: string, screen?: { width: number; height: number; scale: number }) {
    const browser = await this.launch();
    const context: BrowserContext = await browser.newContext({
      javaScriptEnabled: false,
      viewport: screen ? { width: screen.width, height: screen.height } : null,
      deviceScaleFactor: screen?.scale,
    });
    await context.route('**/*', serveOnly(() => html));
    try {
      const page = await context.newPage();
      await page.goto(DOCUMENT_URL, { waitUntil: 'load', timeout: this.options.timeoutMs ?? 60_000 });
      return { context, page };
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  async render(documents: RenderedHtml[], paper: PaperSpec): Promise<Uint8Array> {
    if (documents.length === 0) throw new Error('nothing to render: no documents');
    const pdfPage = await this.takePdfPage();
    let healthy = false;
    try {
      pdfPage.html = combineDocuments(documents, paper);
      // A new navigation replaces the last document whole (no script ever ran in it).
      await pdfPage.page.goto(DOCUMENT_URL, { waitUntil: 'load', timeout: this.options.timeoutMs ?? 60_000 });
      const { widthMm, heightMm } = pageSizeMm(paper);
      const m = paper.marginsMm;
      const pdf = await pdfPage.page.pdf({
        width: `${widthMm}mm`,
        height: `${heightMm}mm`,
        margin: { top: `${m.top}mm`, right: `${m.right}mm`, bottom: `${m.bottom}mm`, left: `${m.left}mm` },
        printBackground: true,
      });
      healthy = true;
      return new Uint8Array(pdf);
    } finally {
      pdfPage.html = '';
      await this.givePdfPageBack(pdfPage, healthy);
    }
  }

  /** A kept page if one is idle, else a new one in the PDF pages' context (JavaScript off, nothing but its document). */
  private async takePdfPage(): Promise<PdfPage> {
    const browser = await this.launch();
    const idle = this.idlePages.pop();
    if (idle && !idle.page.isClosed()) return idle;
    if (this.pdfContext?.browser !== browser) {
      const context = browser.newContext({ javaScriptEnabled: false, viewport: null });
      this.pdfContext = { browser, context };
      context.catch(() => {
        if (this.pdfContext?.context === context) this.pdfContext = undefined;
      });
    }
    const page = await (await this.pdfContext.context).newPage();
    const pdfPage: PdfPage = { page, html: '', documents: 0 };
    await page.route('**/*', serveOnly(() => pdfPage.html));
    return pdfPage;
  }

  /** Keeps a page that rendered well (up to KEPT_PAGES, each for DOCUMENTS_PER_PAGE documents); closes any other. */
  private async givePdfPageBack(pdfPage: PdfPage, healthy: boolean): Promise<void> {
    pdfPage.documents++;
    if (healthy && !this.closed && !pdfPage.page.isClosed() && pdfPage.documents < DOCUMENTS_PER_PAGE && this.idlePages.length < KEPT_PAGES) {
      this.idlePages.push(pdfPage);
      return;
    }
    await pdfPage.page.close().catch(() => {});
  }

  /** The first page of a document as a PNG, for thumbnails and template previews. */
  async renderPng(document: RenderedHtml, options: { scale?: number } = {}): Promise<Uint8Array> {
    const { width, height } = pagePixels(document.paper);
    const sheet = previewSheet(document);
    const { context, page } = await this.open(sheet, { width, height, scale: options.scale ?? 1 });
    try {
      await page.emulateMedia({ media: 'print' });
      return new Uint8Array(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } }));
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    this.pdfContext = undefined;
    this.idlePages.length = 0;
    if (browser) await (await browser.catch(() => undefined))?.close();
  }
}
