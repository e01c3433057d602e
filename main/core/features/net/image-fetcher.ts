import type { IncomingMessage } from 'node:http';
import { OutboundRefused, requestVetted } from './outbound';
import { declaredImageType, describeHeader, IMAGE_TYPES, sniffImageType, type ImageType } from './image-types';

/** Limits on what the station fetches for a document (docs/api.md, Security). */
export const IMAGE_LIMITS = {
  /** Distinct image URLs fetched per document (one order's document); the rest are left out. */
  perDocument: 50,
  /** Largest image accepted, in bytes. */
  maxBytes: 5 * 1024 * 1024,
  /** Time for one image, redirects included. */
  timeoutMs: 5_000,
  maxRedirects: 3,
  /** Fetches in flight at once, station-wide. */
  concurrency: 8,
} as const;

export type FetchedImage = { ok: true; contentType: ImageType; body: Buffer } | { ok: false; reason: string };

export interface ImageFetchPolicy {
  /** Host names or IP addresses (lower case) fetched even when they resolve to non-public addresses. */
  allowedHosts(): string[];
}

class Refused extends OutboundRefused {}

/**
 * Fetches images for documents under the station's outbound policy: only http(s); only
 * hosts whose every resolved address is public, unless an admin allowed the host; the
 * connection made to the address that was checked (no second DNS answer can move it, so
 * no DNS rebinding); every redirect checked the same way; size and time capped. Answers
 * a reason in words instead of throwing, so the document can say why an image is missing.
 */
export class ImageFetcher {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly policy: ImageFetchPolicy) {}

  async fetch(url: string): Promise<FetchedImage> {
    await this.slot();
    const deadline = AbortSignal.timeout(IMAGE_LIMITS.timeoutMs);
    try {
      let current = url;
      for (let hop = 0; ; hop++) {
        const response = await this.get(current, deadline);
        const location = response.headers.location;
        if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
          response.resume();
          if (hop >= IMAGE_LIMITS.maxRedirects) throw new Refused(`more than ${IMAGE_LIMITS.maxRedirects} redirects`);
          current = new URL(location, current).href;
          continue;
        }
        return await this.read(response);
      }
    } catch (error) {
      if (deadline.aborted) return { ok: false, reason: `no answer within ${IMAGE_LIMITS.timeoutMs / 1000} s` };
      return { ok: false, reason: error instanceof OutboundRefused ? error.message : `could not be fetched (${(error as Error).message})` };
    } finally {
      this.release();
    }
  }

  private get(href: string, signal: AbortSignal): Promise<IncomingMessage> {
    return requestVetted(href, this.policy.allowedHosts(), { method: 'GET', headers: { accept: 'image/*', 'user-agent': 'OrderPrintStation' }, signal });
  }

  private async read(response: IncomingMessage): Promise<FetchedImage> {
    const status = response.statusCode ?? 0;
    const header = String(response.headers['content-type'] ?? '');
    if (status < 200 || status >= 300) {
      response.resume();
      return { ok: false, reason: `the server answered ${status}` };
    }
    const declared = declaredImageType(header);
    if (!declared) {
      response.resume();
      return { ok: false, reason: `not an image type the station prints (${describeHeader(header)}; it prints ${Object.values(IMAGE_TYPES).join(', ')})` };
    }
    const declaredLength = Number(response.headers['content-length'] ?? 0);
    if (declaredLength > IMAGE_LIMITS.maxBytes) {
      response.destroy();
      return { ok: false, reason: `larger than ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MiB` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > IMAGE_LIMITS.maxBytes) {
        response.destroy();
        return { ok: false, reason: `larger than ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MiB` };
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    // The bytes must be what the header said: the type inlined is the table's, checked twice.
    const sniffed = sniffImageType(body);
    if (sniffed !== declared) return { ok: false, reason: sniffed ? `said ${declared} but the bytes are ${sniffed}` : `said ${declared} but the bytes are not an image of that type` };
    return { ok: true, contentType: sniffed, body };
  }

  private async slot(): Promise<void> {
    if (this.active < IMAGE_LIMITS.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
