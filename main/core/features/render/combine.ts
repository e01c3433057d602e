import type { PaperSpec, RenderedHtml } from '../documents/contract';
import { pageSizeMm } from '../documents/paper';

const HEAD = /<head[^>]*>([\s\S]*?)<\/head>/i;
const BODY = /<body[^>]*>([\s\S]*)<\/body>/i;
const STYLE = /<style[^>]*>[\s\S]*?<\/style>/gi;
const META_REFRESH = /<meta[^>]*http-equiv\s*=\s*["']?refresh[^>]*>/gi;
// `html` / `body` type selectors have no element inside a shadow root: they mean its host there.
const ROOT_SELECTOR = /(^|[\s,{}>+~(])(html|body)(?=[\s,{.:#[>+~)]|$)/gi;

/** A document's styles (head and body `<style>` blocks) and its markup without them. */
function parts(html: string): { styles: string; body: string } {
  const head = HEAD.exec(html)?.[1] ?? '';
  const body = BODY.exec(html)?.[1] ?? (HEAD.test(html) ? '' : html);
  // The document's own @page rule gives way to the combined document's (one paper per PDF).
  const styles = [...(head.match(STYLE) ?? []), ...(body.match(STYLE) ?? [])].map((style) => style.replace(/@page\s*{[^}]*}/gi, '')).join('');
  // A refresh would navigate the page away while it prints (navigations are blocked, so the print fails instead).
  return { styles, body: body.replace(STYLE, '').replace(META_REFRESH, '') };
}

/** The page rule and reset of a combined document: the paper decides every page. */
export function pageCss(paper: PaperSpec): string {
  const { widthMm, heightMm } = pageSizeMm(paper);
  const m = paper.marginsMm;
  return (
    `@page { size: ${widthMm}mm ${heightMm}mm; margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm; }` +
    'html, body { margin: 0; padding: 0; } body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }' +
    '.station-doc { display: block; break-after: page; } .station-doc:last-child { break-after: auto; }'
  );
}

/**
 * Many documents as ONE HTML document, separated by CSS page breaks. When every document
 * has the same styles (a batch of one template, the usual case) they are written once and
 * the bodies follow each other plainly: the fastest HTML Chromium can print. Documents
 * with different styles each get a declarative shadow root (parsed by the HTML parser, no
 * JavaScript), so one template's CSS cannot restyle another's; that costs about twice
 * the layout time, so it is kept for mixed batches.
 */
export function combineDocuments(documents: RenderedHtml[], paper: PaperSpec): string {
  const split = documents.map((doc) => parts(doc.html));
  const shared = split.every((part) => part.styles === split[0]?.styles);
  const out: string[] = [`<!doctype html><html><head><meta charset="utf-8"><style>${pageCss(paper)}</style>${shared ? (split[0]?.styles ?? '') : ''}</head><body>`];
  for (const { styles, body } of split) {
    if (shared) out.push(`<div class="station-doc">${body}</div>`);
    else out.push(`<div class="station-doc"><template shadowrootmode="open">${styles.replace(ROOT_SELECTOR, '$1:host')}${body}</template></div>`);
  }
  out.push('</body></html>');
  return out.join('');
}

/** One document as a single on-screen sheet of its paper (for PNG thumbnails): margins become padding. */
export function previewSheet(document: RenderedHtml): string {
  const { widthMm, heightMm } = pageSizeMm(document.paper);
  const m = document.paper.marginsMm;
  return combineDocuments([document], document.paper).replace(
    '</style>',
    `body { width: ${widthMm}mm; height: ${heightMm}mm; overflow: hidden; background: #fff; }` +
      `.station-doc { padding: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm; height: 100%; box-sizing: border-box; overflow: hidden; }</style>`,
  );
}

/** A paper's page in CSS pixels (96 per inch). */
export function pagePixels(paper: PaperSpec): { width: number; height: number } {
  const { widthMm, heightMm } = pageSizeMm(paper);
  return { width: Math.round((widthMm * 96) / 25.4), height: Math.round((heightMm * 96) / 25.4) };
}
