import { BrowserWindow, session, type Session } from 'electron';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PdfRenderer, RenderedHtml, PaperSpec } from '../core/documents/contract';
import { combineDocuments, pagePixels, previewSheet } from '../core/render/combine';
import { allowRenderRequest, printToPdfOptions } from './pdf-options';


/**
 * HTML → PDF with Electron's own Chromium (`webContents.printToPDF`): the desktop app
 * needs no separate browser. Same rules as the headless renderer: one HTML for many
 * documents, JavaScript off, only images may load. Call after `app.whenReady()`.
 */
export class ElectronPdfRenderer implements PdfRenderer {
  private renderSession?: Session;
  // Only the document being rendered may load as a main frame; a Set because renders overlap.
  private readonly documents = new Set<string>();

  private session(): Session {
    if (!this.renderSession) {
      const s = session.fromPartition('station-render', { cache: false });
      s.webRequest.onBeforeRequest((details, callback) => {
        const allowed = [...this.documents].some((url) => allowRenderRequest(details, url));
        callback({ cancel: !allowed });
      });
      this.renderSession = s;
    }
    return this.renderSession;
  }

  /** Loads `html` from a temp file (batches are too large for a data URL) into a hidden window. */
  private async withWindow<T>(html: string, size: { width: number; height: number } | undefined, fn: (window: BrowserWindow) => Promise<T>): Promise<T> {
    const dir = mkdtempSync(join(tmpdir(), 'station-render-'));
    const file = join(dir, 'document.html');
    writeFileSync(file, html);
    const url = pathToFileURL(file).href;
    this.documents.add(url);
    const window = new BrowserWindow({
      show: false,
      ...(size ?? {}),
      webPreferences: { javascript: false, sandbox: true, session: this.session(), webSecurity: true, spellcheck: false },
    });
    try {
      await window.loadURL(url);
      return await fn(window);
    } finally {
      window.destroy();
      this.documents.delete(url);
      rmSync(dir, { recursive: true, force: true });
    }
  }

  async render(documents: RenderedHtml[], paper: PaperSpec): Promise<Uint8Array> {
    if (documents.length === 0) throw new Error('nothing to render: no documents');
    return this.withWindow(combineDocuments(documents, paper), undefined, async (window) => new Uint8Array(await window.webContents.printToPDF(printToPdfOptions(paper))));
  }

  async renderPng(document: RenderedHtml): Promise<Uint8Array> {
    const { width, height } = pagePixels(document.paper);
    const sheet = previewSheet(document);
    return this.withWindow(sheet, { width, height }, async (window) => new Uint8Array((await window.webContents.capturePage({ x: 0, y: 0, width, height })).toPNG()));
  }

  async close(): Promise<void> {
    this.documents.clear();
  }
}
