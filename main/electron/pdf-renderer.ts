import type { BrowserWindow } from 'electron';
import type { PdfRenderer, RenderedHtml, PaperSpec } from '../core/features/documents/contract';
import { combineDocuments, pagePixels, previewSheet } from '../core/features/render/combine';
import { loadPdfLib } from '../core/features/render/merge-pdf';
import { LockedDownPages } from './locked-down-page';
import { printToPdfOptions } from './pdf-options';


/**
 * HTML → PDF with Electron's own Chromium (`webContents.printToPDF`): the desktop app
 * needs no separate browser. Same rules as the headless renderer: one HTML for many
 * documents, JavaScript off, only images may load. Call after `app.whenReady()`.
 */
export class ElectronPdfRenderer implements PdfRenderer {
  private readonly pages = new LockedDownPages('station-render');

  private async withWindow<T>(html: string, size: { width: number; height: number } | undefined, fn: (window: BrowserWindow) => Promise<T>): Promise<T> {
    const page = await this.pages.open(html, { fileName: 'document.html', ...(size ? { size } : {}) });
    try {
      return await fn(page.window);
    } finally {
      page.close();
    }
  }

  async render(documents: RenderedHtml[], paper: PaperSpec): Promise<Uint8Array> {
    if (documents.length === 0) throw new Error('nothing to render: no documents');
    // As the headless renderer: pdf-lib loads with the first render, not in a batch's merge.
    void loadPdfLib();
    return this.withWindow(combineDocuments(documents, paper), undefined, async (window) => new Uint8Array(await window.webContents.printToPDF(printToPdfOptions(paper))));
  }

  async renderPng(document: RenderedHtml): Promise<Uint8Array> {
    const { width, height } = pagePixels(document.paper);
    const sheet = previewSheet(document);
    return this.withWindow(sheet, { width, height }, async (window) => new Uint8Array((await window.webContents.capturePage({ x: 0, y: 0, width, height })).toPNG()));
  }

  async close(): Promise<void> {
    this.pages.close();
  }
}
