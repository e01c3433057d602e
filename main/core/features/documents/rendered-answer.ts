import type { Context } from 'koa';
import { StationError } from '../../foundations/errors';
import type { PdfRenderer, RenderedHtml, ZplPreview } from './contract';

/** A ZPL document's label text (a ZPL template's output, a ZPL carrier label), or undefined. */
function zplOf(document: RenderedHtml): string | undefined {
  if (document.ready?.format === 'zpl') return Buffer.from(document.ready.bytes).toString('latin1');
  return document.zpl;
}

/** Renders to PDF or PNG and answers with the bytes; a missing browser is the renderer's own 503 (render/chromium-path.ts), which says what to install. */
export async function answerRendered(
  ctx: Context,
  renderer: PdfRenderer,
  document: RenderedHtml,
  format: 'pdf' | 'png',
  filename: string,
  zplPreview?: ZplPreview,
): Promise<void> {
  const zpl = zplOf(document);
  if (format === 'png' && zpl !== undefined) {
    // A ZPL label as the printer lays it out, rendered locally (zpl-renderer-js).
    if (!zplPreview) throw new StationError('not_supported', 'not_supported', 'This station renders ZPL labels as PDF only');
    ctx.body = await zplPreview.render(zpl, document.paper);
    ctx.type = 'image/png';
  } else if (format === 'png') {
    if (!renderer.renderPng) throw new StationError('not_supported', 'not_supported', 'This station renders PDF previews only');
    ctx.body = Buffer.from(await renderer.renderPng(document));
    ctx.type = 'image/png';
  } else if (document.ready?.format === 'pdf') {
    // A carrier label's PDF is shown exactly as it prints.
    ctx.body = Buffer.from(document.ready.bytes);
    ctx.type = 'application/pdf';
  } else {
    ctx.body = Buffer.from(await renderer.render([document], document.paper));
    ctx.type = 'application/pdf';
  }
  ctx.set('Content-Disposition', `inline; filename="${filename.replace(/[^\w.-]+/g, '_')}.${format}"`);
}

/** A template that parses but fails on this order: the caller's problem, not the station's. */
export function renderFailed(error: unknown): StationError {
  return new StationError('unprocessable', 'template_render_error', `The template could not render: ${(error as Error).message}`);
}
