import { join } from 'node:path';
import type { GroupCommitter } from '../foundations/db/group-commit';
import type { Db } from '../foundations/db/open';
import type { WalSync } from '../foundations/db/wal-sync';
import type { StationEvents } from '../foundations/events';
import type { Logger } from '../foundations/logger';
import { CupsBackend } from '../features/printers/cups-backend';
import { FolderBackend } from '../features/printers/folder-backend';
import { printServerResolver } from '../features/printers/print-server';
import { createBenches } from '../features/printing/benches/benches';
import { createDesktopWindow } from '../features/printing/benches/desktop-window';
import type { PrintingDeps } from '../features/printing/deps';
import { createPrintingServices } from '../features/printing/register';
import { sessionPolicy } from '../features/sessions/session-routes';
import type { StationOptions } from './options';
import type { Platform } from './platform';
import type { Services } from './services';

interface PrintingParts {
  db: Db;
  writer: GroupCommitter;
  walSync: WalSync;
  events: StationEvents;
  logger: Logger;
  platform: Platform;
  services: Services;
}

/**
 * Printers, the print queue and the benches, with the print backends this host has: the
 * folder printer, CUPS (on every OS but Windows, which has none) and the host's own
 * (Electron's), in that order of preference (a queue two backends see is printed by the first).
 */
export function createPrinting(options: StationOptions, { db, writer, walSync, events, logger, platform, services }: PrintingParts) {
  const printServer = printServerResolver(options.cupsServer, platform.settings);
  const deps: PrintingDeps = {
    db,
    writer,
    walSync,
    events,
    logger,
    dataDir: options.dataDir,
    documents: () => services.documents,
    renderer: () => platform.pdfRenderer,
    store: platform.printCache,
    renderAhead: options.renderAhead ?? true,
    printerEvents: options.printerEvents ?? true,
    backends: [
      new FolderBackend(join(options.dataDir, 'printed')),
      ...((options.cupsPrinting ?? process.platform !== 'win32') ? [new CupsBackend({ server: () => printServer().server })] : []),
      ...(options.printBackends ?? []),
    ],
    autoPrint: options.autoPrint,
  };
  const printing = createPrintingServices(deps);
  return {
    deps,
    printServer,
    printing,
    benches: createBenches({ db, printers: printing.printers, sessionTimes: () => sessionPolicy(platform.settings), events }),
    desktopWindow: createDesktopWindow({ db, settings: platform.settings, events }),
  };
}

export type Printing = ReturnType<typeof createPrinting>;
