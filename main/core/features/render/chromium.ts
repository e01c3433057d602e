import type { Browser } from 'playwright-core';
import type { PaperSpec, PdfRenderer, RenderedHtml } from '../documents/contract';
import { pageSizeMm } from '../documents/paper';
import type { Logger } from '../../foundations/logger';
import { resolveChromiumPath } from './chromium-path';
import { lowerChromiumPriority } from './chromium-priority';
import { firstSandboxChoice, isSandboxFailure, type SandboxDecision } from './chromium-sandbox';
import { combineDocuments, pagePixels, previewSheet } from './combine';
import { KeptPages } from './kept-pages';
import { loadPdfLib } from './merge-pdf';

export interface ChromiumRendererOptions {
  /** The browser executable; default `STATION_CHROMIUM_PATH`, then the platform's usual places. */
  executablePath?: string;
  /** How long a page may take to load, in ms. */
  timeoutMs?: number;
  /** Where the station says, once, that Chromium runs without its sandbox and why. */
  logger?: Pick<Logger, 'info'>;
  /**
   * A browser this renderer shares with others (several stations in one process, as a test
   * worker runs them): it renders in contexts of its own there and closes only those. By
   * default the renderer launches a browser of its own on first use and closes it with itself.
   */
  sharedBrowser?: () => Promise<Browser>;
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
  /** Pages kept between renders (kept-pages.ts), in this renderer's contexts of the browser. */
  private readonly pages = new KeptPages();

  constructor(private readonly options: ChromiumRendererOptions = {}) {}

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the PDF renderer is closed'));
    if (this.options.sharedBrowser) return this.options.sharedBrowser();
    if (!this.browser) {
      const launching = (async () => {
        const executablePath = resolveChromiumPath(this.options.executablePath);
        // Loaded on the first render: Playwright is ~40 MB of a station that may never print.
        // pdf-lib comes with it, so merging never compiles a module in the middle of a batch.
        const [{ chromium }] = await Promise.all([import('playwright-core'), loadPdfLib()]);
        const browser = await this.launchWithSandboxIfPossible((sandbox) => chromium.launch({ executablePath, headless: true, chromiumSandbox: sandbox, args: CHROMIUM_ARGS }));
        // The station's event loop comes first on a busy machine (chromium-priority.ts).
        lowerChromiumPriority();
        // A crashed browser is replaced by the next render (its kept pages went with it).
        browser.on('disconnected', () => {
          if (this.browser === launching) this.browser = undefined;
          this.pages.forget();
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

  /** The browser this renderer launched (or shares), for other renderers to share (`sharedBrowser`). */
  browserToShare(): Promise<Browser> {
    return this.launch();
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

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 60_000;
  }

  async render(documents: RenderedHtml[], paper: PaperSpec): Promise<Uint8Array> {
    if (documents.length === 0) throw new Error('nothing to render: no documents');
    const kept = await this.pages.take(await this.launch(), 'pdf', { viewport: null });
    let healthy = false;
    try {
      await this.pages.show(kept, combineDocuments(documents, paper), this.timeoutMs);
      const { widthMm, heightMm } = pageSizeMm(paper);
      const m = paper.marginsMm;
      const pdf = await kept.page.pdf({
        width: `${widthMm}mm`,
        height: `${heightMm}mm`,
        margin: { top: `${m.top}mm`, right: `${m.right}mm`, bottom: `${m.bottom}mm`, left: `${m.left}mm` },
        printBackground: true,
      });
      healthy = true;
      return new Uint8Array(pdf);
    } finally {
      await this.pages.giveBack('pdf', kept, healthy);
    }
  }

  /** The first page of a document as a PNG, for thumbnails and template previews. */
  async renderPng(document: RenderedHtml, options: { scale?: number } = {}): Promise<Uint8Array> {
    const { width, height } = pagePixels(document.paper);
    const scale = options.scale ?? 1;
    // The pixel ratio belongs to a context: one kind of kept page per scale.
    const kind = `png@${scale}`;
    const kept = await this.pages.take(await this.launch(), kind, { viewport: { width, height }, deviceScaleFactor: scale });
    let healthy = false;
    try {
      await kept.page.setViewportSize({ width, height });
      await kept.page.emulateMedia({ media: 'print' });
      await this.pages.show(kept, previewSheet(document), this.timeoutMs);
      const png = new Uint8Array(await kept.page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } }));
      healthy = true;
      return png;
    } finally {
      await this.pages.giveBack(kind, kept, healthy);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    await this.pages.close();
    if (browser) await (await browser.catch(() => undefined))?.close();
  }
}
