import type { PaperSpec, ZplPreview } from '../documents/contract';
import { pageSizeMm } from '../documents/paper';
import type { Logger } from '../../foundations/logger';
import { ThreadClient } from '../../foundations/threads/thread-client';

/** 8 dots per millimetre: the 203 dpi of the usual thermal label printer (and of the built-in label). */
const DOTS_PER_MM = 8;
const PREVIEW_DEADLINE_MS = 20_000;

/** One preview asked of the thread (zpl-png-worker.ts imports this type); it answers base64 PNG. */
export interface ZplPngRequest {
  zpl: string;
  widthMm: number;
  heightMm: number;
  dpmm: number;
}

/**
 * ZPL label previews as PNG, rendered locally by zpl-renderer-js on a worker thread
 * (zpl-png-worker.ts), through the station's one thread model: started on the first
 * preview, stopped after 30 s idle, 20 s per preview (past it the thread is ended and the
 * next preview starts another), a thread that dies (even before it is ready) fails its
 * previews at once. Built by the station (station/threads.ts) and closed with it.
 */
export class ZplPreviewThread implements ZplPreview {
  private readonly client: ThreadClient<ZplPngRequest, string>;

  constructor(logger: Logger) {
    this.client = new ThreadClient({
      name: 'the ZPL preview thread',
      entry: 'zpl-png-worker',
      idleMs: 30_000,
      startTimeoutMs: 30_000,
      logger,
    });
  }

  /** A ZPL label as the printer would lay it out on `paper` at 203 dpi, as a PNG. */
  async render(zpl: string, paper: PaperSpec): Promise<Buffer> {
    const { widthMm, heightMm } = pageSizeMm(paper);
    const png = await this.client.call({ zpl, widthMm, heightMm, dpmm: DOTS_PER_MM }, { deadlineMs: PREVIEW_DEADLINE_MS });
    if (!png) throw new Error('the ZPL renderer gave no image');
    return Buffer.from(png, 'base64');
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
