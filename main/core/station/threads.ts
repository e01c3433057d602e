import type { Db } from '../foundations/db/open';
import { Checkpointer } from '../foundations/db/checkpointer';
import type { Logger } from '../foundations/logger';
import { CarrierPdfs } from '../features/carrier-labels/carrier-pdfs';
import { RenderThread } from '../features/documents/render-thread';
import { ZplPreviewThread } from '../features/render/zpl-png';
import { createSandbox } from '../features/sandbox/sandbox';
import type { StationOptions } from './options';

/**
 * The station's threads (docs/api.md, Threads): built here and nowhere else, each with what
 * happens when it fails, and ended by the station's one close (`threads.close`). All but the
 * checkpoint thread start with their first use; a one-shot command starts none of its own.
 */
export function createStationThreads(db: Db, options: StationOptions, logger: Logger) {
  const { oneShot, sqliteNativeBinding: nativeBinding } = options;
  return {
    // A failed checkpoint round is retried by the next; the WAL keeps to its bound meanwhile.
    checkpointer: oneShot ? undefined : new Checkpointer(db, { nativeBinding, logger, ...options.wal }),
    // A thread that fails leaves print jobs to render on the event loop, in slices.
    render: oneShot ? undefined : new RenderThread({ file: db.name, nativeBinding, logger }),
    // Orders' documents checked ahead of their writes, at the event loop's priority (a write
    // waits for it); ended 10 s after a burst of orders. One that fails leaves each order to
    // check its documents in its write.
    checks: oneShot ? undefined : new RenderThread({ file: db.name, nativeBinding, logger, nice: 0, idleMs: 10_000, name: 'the document check thread' }),
    // A label that ends the thread is refused; one read beside it is read again once.
    carrierPdfs: new CarrierPdfs(logger),
    // A preview that ends the thread answers 500; the next preview starts another.
    zplPreview: new ZplPreviewThread(logger),
    // An expression that ends its thread fails its link alone (the link's error log says why).
    sandbox: createSandbox(logger),
    async close() {
      await Promise.all([this.render?.close(), this.checks?.close(), this.carrierPdfs.close(), this.zplPreview.close(), this.sandbox.close()]);
      await this.checkpointer?.close();
    },
  };
}

export type StationThreads = ReturnType<typeof createStationThreads>;
