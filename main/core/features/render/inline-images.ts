import type { PaperSpec, PdfRenderer, RenderedHtml } from '../documents/contract';
import { IMAGE_LIMITS, type FetchedImage, type ImageFetcher } from '../net/image-fetcher';
import { combineDocuments } from './combine';
import { escapeHtml } from '../../foundations/text';

// `<img … src="…">` with an http(s) source, in any quoting.
const IMG_TAG = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))[^>]*>/gi;

/** An attribute value as the browser reads it: the entities templates escape with, decoded. */
function attributeValue(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }[lower]!;
  });
}

const CACHE_OK_MS = 10 * 60_000;
const CACHE_FAILED_MS = 60_000;
const CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Fetched images by URL: a batch whose orders share product pictures fetches each once, and
 * an image that timed out is not waited for again by every order of the batch.
 */
export class ImageCache {
  private readonly entries = new Map<string, { image: Promise<FetchedImage>; until: number; bytes: number }>();
  private bytes = 0;

  constructor(private readonly fetcher: ImageFetcher) {}

  get(url: string): Promise<FetchedImage> {
    const now = Date.now();
    const hit = this.entries.get(url);
    if (hit && hit.until > now) {
      this.entries.delete(url); // re-insert: the map's order is the LRU order
      this.entries.set(url, hit);
      return hit.image;
    }
    if (hit) this.drop(url);
    const entry = { image: this.fetcher.fetch(url), until: now + CACHE_OK_MS, bytes: 0 };
    this.entries.set(url, entry);
    void entry.image.then((image) => {
      if (this.entries.get(url) !== entry) return;
      if (!image.ok) entry.until = Date.now() + CACHE_FAILED_MS;
      entry.bytes = image.ok ? image.body.length : 0;
      this.bytes += entry.bytes;
      for (const key of this.entries.keys()) {
        if (this.bytes <= CACHE_BYTES) break;
        this.drop(key);
      }
    });
    return entry.image;
  }

  private drop(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.bytes -= entry.bytes;
  }
}

/** What stands where an image could not be fetched: the reason, on the document. */
function missingImage(url: string, reason: string): string {
  return `<span class="station-image-missing" style="display:inline-block;max-width:100%;font:7pt sans-serif;color:#555;border:0.5pt dashed #999;padding:1pt 2pt;overflow-wrap:anywhere">Image not loaded: ${escapeHtml(reason)} (${escapeHtml(url.slice(0, 120))})</span>`;
}

/**
 * Replaces every http(s) `<img>` of a document by the image itself (a data: URL) or by the
 * reason it is missing. Rendering then needs no network at all: the page may load nothing
 * but data: images, and only the station's policy-bound fetcher ever reaches out.
 */
export async function inlineImages(html: string, cache: ImageCache): Promise<string> {
  const urls: string[] = [];
  for (const match of html.matchAll(IMG_TAG)) {
    const url = attributeValue(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (/^https?:/i.test(url) && !urls.includes(url)) urls.push(url);
  }
  if (urls.length === 0) return html;
  const fetched = new Map<string, FetchedImage>();
  await Promise.all(
    urls.map(async (url, index) => {
      fetched.set(url, index < IMAGE_LIMITS.perDocument ? await cache.get(url) : { ok: false, reason: `more than ${IMAGE_LIMITS.perDocument} images in one document` });
    }),
  );
  return html.replace(IMG_TAG, (tag, double?: string, single?: string, bare?: string) => {
    const url = attributeValue(double ?? single ?? bare ?? '').trim();
    const image = fetched.get(url);
    if (!image) return tag;
    if (!image.ok) return missingImage(url, image.reason);
    // The type is one of the fixed table's (image-types.ts) and base64 has no quote, but the
    // attribute is escaped all the same: nothing from outside reaches the markup unescaped.
    const data = `data:${image.contentType};base64,${image.body.toString('base64')}`;
    return tag.replace(/\bsrc\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/i, () => `src="${escapeHtml(data)}"`);
  });
}

/** A renderer whose documents' images are fetched under the station's policy first. */
export function withImagePolicy(renderer: PdfRenderer, fetcher: ImageFetcher): PdfRenderer {
  const cache = new ImageCache(fetcher);
  const inline = async (document: RenderedHtml): Promise<RenderedHtml> => ({ ...document, html: await inlineImages(document.html, cache) });
  return {
    async render(documents: RenderedHtml[], paper: PaperSpec) {
      return renderer.render(await Promise.all(documents.map(inline)), paper);
    },
    ...(renderer.renderPng ? { renderPng: async (document, options) => renderer.renderPng!(await inline(document), options) } : {}),
    // The cache keys a document by its HTML with the images in it: a changed image is a changed document.
    ...(renderer.renderAhead ? { renderAhead: async (document) => renderer.renderAhead!(await inline(document)) } : {}),
    // A printer that takes HTML gets the same images, fetched under the same policy.
    async printableHtml(documents: RenderedHtml[], paper: PaperSpec) {
      return combineDocuments(await Promise.all(documents.map(inline)), paper);
    },
    ...(renderer.mergePdfs ? { mergePdfs: (parts: Uint8Array[]) => renderer.mergePdfs!(parts) } : {}),
    close: () => renderer.close(),
  } satisfies PdfRenderer;
}
