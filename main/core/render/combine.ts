import type { PaperSpec, RenderedHtml } from '../documents/contract';
import { pageSizeMm } from '../documents/paper';

const HEAD = /<head[^>]*>([\s\S]*?)<\/head>/i;
const BODY = /<body[^>]*>([\s\S]*)<\/body>/i;
const STYLE = /<style[^>]*>[\s\S]*?<\/style>/gi;
// `html` / `body` type selectors have no element inside a shadow root: they mean its host there.
const ROOT_SELECTOR = /(^|[\s,{}>+~(])(html|body)(?=[\s,{.:#[>+~)]|$)/gi;

/** A document's styles and body, taken apart so it can live in a shadow root. */
function parts(html: string): { styles: string; body: string } {
  const head = HEAD.exec(html)?.[1] ?? '';
  // The document's own @page rule is replaced by the combined document's (one paper per PDF).
  const styles = (head.match(STYLE) ?? [])
    .map((style) => style.replace(/@page\s*{[^}]*}/gi, '').replace(ROOT_SELECTOR, '$1:host'))
    .join('');
  const body = BODY.exec(html)?.[1] ?? (HEAD.test(html) ? '' : html);
  return { styles, body: body.replace(/<style([^>]*)>([\s\S]*?)<\/style>/gi, (_m, attrs: string, css: string) => `<style${attrs}>${css.replace(ROOT_SELECTOR, '$1:host')}</style>`) };
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
 * Many documents as ONE HTML document, one per page run, separated by CSS page breaks.
 * Each sits in a declarative shadow root (parsed by the HTML parser, no JavaScript), so
 * the styles of different templates in one batch cannot leak into each other.
 */
export function combineDocuments(documents: RenderedHtml[], paper: PaperSpec): string {
  const out: string[] = [`<!doctype html><html><head><meta charset="utf-8"><style>${pageCss(paper)}</style></head><body>`];
  for (const doc of documents) {
    const { styles, body } = parts(doc.html);
    out.push(`<div class="station-doc"><template shadowrootmode="open">${styles}${body}</template></div>`);
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
