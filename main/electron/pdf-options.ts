import type { PaperSpec } from '../core/features/documents/contract';
import { pageSizeMm } from '../core/features/documents/paper';

const inches = (mm: number) => mm / 25.4;

/**
 * `webContents.printToPDF` options for a paper: sizes and margins in inches (Electron's
 * units), the page already turned for landscape, CSS page sizes ignored so every page
 * of a batch has exactly the job's paper.
 */
export function printToPdfOptions(paper: PaperSpec) {
  const { widthMm, heightMm } = pageSizeMm(paper);
  const m = paper.marginsMm;
  return {
    pageSize: { width: inches(widthMm), height: inches(heightMm) },
    margins: { marginType: 'custom' as const, top: inches(m.top), right: inches(m.right), bottom: inches(m.bottom), left: inches(m.left) },
    landscape: false,
    printBackground: true,
    preferCSSPageSize: false,
  };
}

/**
 * What a rendering window may load: its own document, and data: images (the station
 * fetched and inlined http(s) images under its outbound policy before rendering).
 * Everything else (network, scripts, styles, fonts, frames, other files on disk) is cancelled.
 */
export function allowRenderRequest(request: { url: string; resourceType: string }, documentUrl: string): boolean {
  if (request.url === documentUrl) return request.resourceType === 'mainFrame';
  return request.resourceType === 'image' && /^data:/i.test(request.url);
}
