import type { WalSync } from '../../foundations/db/wal-sync';
import type { GroupCommitter } from '../../foundations/db/group-commit';
import type { Db } from '../../foundations/db/open';
import type { DocumentsApi, PdfRenderer } from '../documents/contract';
import type { StationEvents } from '../../foundations/events';
import type { Logger } from '../../foundations/logger';
import type { PrintBackend } from '../printers/backend';
import type { PrintersService } from '../printers/service';
import type { ContentStore } from '../render/content-store';

/**
 * What printing stands on, given once by the composition root (station/printing.ts): each
 * of printing's rooms (requests/, jobs/, ahead/) takes the part of it it uses (`Pick`), plus
 * what register.ts built for it (the printers service, the queue's wake-up), so the shape
 * is written here alone.
 */
export interface PrintingDeps {
  db: Db;
  /** Print requests are recorded through the group commit, like orders. */
  writer: GroupCommitter;
  /** A job is handed to the OS only once its state is on disk. */
  walSync: WalSync;
  events: StationEvents;
  logger: Logger;
  dataDir: string;
  /** Read when first needed: documents and the renderer are built alongside printing. */
  documents: () => DocumentsApi;
  renderer: () => PdfRenderer;
  /** The print cache: each job's printed copy is kept there. */
  store: ContentStore;
  /** Render documents of orders still to print ahead (with background work). */
  renderAhead?: boolean;
  /** Follow printers by the print system's announcements too (default true). */
  printerEvents?: boolean;
  /** The print backends, in order of preference (station/printing.ts builds them). */
  backends: PrintBackend[];
  /** False: automatic printing is paused for the whole station (flows keep their switch). */
  autoPrint?: boolean;
}

/** What the queue stands on: printing's deps (deps.ts), the printers, and the WAL's barrier. */
export type QueueDeps = Pick<PrintingDeps, 'db' | 'events' | 'documents' | 'renderer' | 'logger' | 'store'> & {
  printers: PrintersService;
  /**
   * Resolves once every state committed so far is on disk (the WAL synced on the thread
   * pool). A handover waits for it: after a power cut, a job the OS has must be known as
   * `submitting` or later, or it would be printed a second time.
   */
  durable: () => Promise<void>;
};
