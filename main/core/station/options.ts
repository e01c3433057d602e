import type { SyncFile } from '../foundations/db/wal-sync';
import type { Logger } from '../foundations/logger';
import type { SettingsStore } from '../foundations/settings/settings-store';
import type { PdfRenderer } from '../features/documents/contract';
import type { PrintBackend } from '../features/printers/backend';

/** The print cache's default size budget: a few thousand documents and a day's printed copies. */
export const DEFAULT_PRINT_CACHE_BYTES = 512 * 1024 * 1024;

/** What a host says when it builds a station (`station serve`, the desktop app, a test). */
export interface StationOptions {
  /** Where station.db and every file the station writes live. */
  dataDir: string;
  logger?: Logger;
  /** Flushes the WAL file to disk (default: fdatasync on the thread pool); tests hold it. */
  syncWal?: SyncFile;
  /**
   * Start background work (the print queue worker…). One-shot CLI commands open the
   * station without it so they never print.
   */
  background?: boolean;
  /**
   * A one-shot command (open, do one thing, close): it answers nobody, so its commits keep
   * syncing themselves (FULL) and SQLite checkpoints as it commits. A station that serves
   * commits without an fsync on its event loop and checkpoints on a thread of its own.
   */
  oneShot?: boolean;
  /** The built dashboard served at `/` (default: dist/renderer of the checkout). */
  dashboardDir?: string;
  /** Station-wide settings (mail…). Default: `settings.json` in the data dir. */
  settings?: SettingsStore;
  /** HTML → PDF. Default: the system Chromium (`STATION_CHROMIUM_PATH`), launched on first use. */
  pdfRenderer?: PdfRenderer;
  /** Print backends of the host beyond CUPS and the folder printer (Electron's). */
  printBackends?: PrintBackend[];
  /** Print through CUPS. Default: on every OS but Windows (no CUPS there). */
  cupsPrinting?: boolean;
  /**
   * The CUPS server (`host:port` or a socket path), fixed (`station serve --cups-server`).
   * Default: Settings → Print server, else the machine's (`CUPS_SERVER`, client.conf).
   */
  cupsServer?: string;
  /**
   * A backup into `<data-dir>/backups/` every day, the last 7 kept (with `background`).
   * Default true; the tests' stations turn it off unless they test it.
   */
  automaticBackups?: boolean;
  /** Send the invitation outbox's mails as 3PL budgets free, every minute (with `background`). Default true; off in the tests' stations. */
  invitationOutbox?: boolean;
  /** Retention sweeps at start and hourly (with `background`). Default true; off in the tests' stations. */
  retentionSweeps?: boolean;
  /** The first webhook retry's delay (default 5 s; each next one doubles, up to an hour). */
  webhookRetryBaseMs?: number;
  /** False pauses automatic printing for the whole station (`station serve --no-auto-print`). Default true. */
  autoPrint?: boolean;
  /**
   * The print cache's size budget in bytes (`<data-dir>/print-cache/`: documents rendered
   * ahead and each job's printed copy; least recently used go first). Default 512 MiB.
   */
  printCacheBytes?: number;
  /** Render the documents of orders still to print ahead, in the background (with `background`). Default true. */
  renderAhead?: boolean;
  /**
   * Follow printers by the print system's announcements (CUPS's printer subscription) as well
   * as by reading their states; false: by reading alone, every few seconds (default true).
   */
  printerEvents?: boolean;
  /**
   * The WAL's thresholds (docs/api.md, The write-ahead log's bound): frames past which a
   * RESTART checkpoint runs (default 16 MiB), and the file size it is cut back to (8 MiB).
   */
  wal?: { restartBytes?: number; sizeLimitBytes?: number };
  /**
   * Orders a second from which a serving station checks orders' documents ahead of their
   * writes, on a thread of its own (documents/checks-ahead.ts). Default 10; 0 from the first.
   */
  checkDocumentsAheadFrom?: number;
  /** One log line per order written or refused, print request, job and printer state change (log-lines.ts). Default false; `station serve` turns it on unless `--quiet`. */
  logLines?: boolean;
  /** better-sqlite3's native module to load instead of node_modules' (the desktop's Electron build). */
  sqliteNativeBinding?: string;
}
