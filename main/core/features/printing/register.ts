import type { PrintingDeps } from './deps';
import { createPrintersService } from '../printers/service';
import { REACH_INTERVAL_MS } from '../printers/reach';
import { createAutoPrint } from './ahead/auto-print';
import { PrintQueue } from './jobs/queue';
import { RenderAhead } from './ahead/render-ahead';
import { hasOpenJobs } from './jobs/store';
import { repeat } from '../../foundations/repeat';
import { createPrintingService } from './requests/service';
import { createTestPrinter } from './jobs/test-print';

/** How often printer states are asked for: with jobs open, and without. */
const PRINTER_FOLLOW_BUSY_MS = 1_000;
const PRINTER_FOLLOW_IDLE_MS = 3_000;
/** With every backend announcing its changes, the states are still read this often, in case an announcement was missed. */
const PRINTER_FOLLOW_ANNOUNCED_MS = 30_000;

/** Printers, printing and the print queue, built once at the composition root. */
export function createPrintingServices(deps: PrintingDeps) {
  const printers = createPrintersService({ db: deps.db, events: deps.events, backends: deps.backends });
  const queue = new PrintQueue({ db: deps.db, events: deps.events, printers, documents: deps.documents, renderer: deps.renderer, logger: deps.logger, store: deps.store, durable: () => deps.walSync.barrier() });
  const renderAhead = new RenderAhead({ db: deps.db, events: deps.events, documents: deps.documents, renderer: deps.renderer, logger: deps.logger, printing: () => queue.busy });
  const printing = createPrintingService({ db: deps.db, events: deps.events, printers, documents: deps.documents, wake: () => queue.wake(), writer: deps.writer });
  const testPrinter = createTestPrinter({ printers, renderer: deps.renderer });
  const autoPrint = createAutoPrint({ db: deps.db, printing, documents: deps.documents, logger: deps.logger, enabled: deps.autoPrint ?? true });
  return { printers, printing, queue, testPrinter, autoPrint, renderAhead, store: deps.store };
}

export type PrintingServices = ReturnType<typeof createPrintingServices>;

/** A background loop of printing: `start` runs it and answers what stops it (awaited on close). */
export interface BackgroundLoop {
  name: string;
  /** Starts it; answers what stops it, or nothing when there is nothing to stop. */
  start(): (() => Promise<unknown> | void) | void;
}

/**
 * What printing must finish before the database closes, whether or not it prints: a
 * discovery under way (start-up, or an API refresh) and automatic prints being recorded.
 */
export function printingSettles(services: PrintingServices): Array<() => Promise<unknown>> {
  return [() => services.printers.settled(), () => services.autoPrint.settled()];
}

/**
 * Printing's background loops, for station/loops.ts to start (only hosts that print; one-shot CLI
 * commands never do) and to stop on close, in the order given: printer discovery, the
 * queue, following printer states, prints owed from a crash, the print cache and rendering
 * ahead.
 */
export function printingLoops(services: PrintingServices, deps: PrintingDeps): BackgroundLoop[] {
  const { logger } = deps;
  return [
    {
      name: 'printer discovery',
      // Discover before the first job so the folder and OS printers exist; the queue waits for nothing else.
      start: () => void services.printers.refresh().catch((error) => logger.error('printer discovery failed', { error: String(error) })),
    },
    {
      name: 'print queue',
      start: () => {
        services.queue.start();
        return () => services.queue.stop();
      },
    },
    {
      name: 'printer states',
      // Printers' states are followed, not only asked for: a paused or erroring printer shows
      // within a second. A backend that announces changes (CUPS's printer subscription) is
      // read when it says something changed, and only every half minute besides; one that
      // cannot is asked every few seconds, more often while jobs are open.
      start: () => {
        let following: Promise<void> | undefined;
        let askedAgain = false;
        const follow = async () => {
          try {
            for (const change of await services.printers.followStates()) {
              logger.info(`printer ${change.name} is ${change.to.status}${change.to.reason ? `: ${change.to.reason}` : ''}`, { printerId: change.printerId, was: change.from.status });
            }
          } catch (error) {
            logger.error('following printer states failed', { error: String(error) });
          }
        };
        // One reading at a time; changes announced meanwhile cost one more, not one each.
        const followNow = (): Promise<void> => {
          if (following) {
            askedAgain = true;
            return following;
          }
          following = follow().finally(() => {
            following = undefined;
            if (askedAgain) {
              askedAgain = false;
              void followNow();
            }
          });
          return following;
        };
        const followed = deps.backends.filter((backend) => backend.printerStates);
        // A printer announcement reads the states (a queue added or deleted is discovered
        // there); a job announcement reads the submitted jobs.
        const announcerOf = new Map(
          deps.printerEvents === false
            ? []
            : followed.flatMap((backend) =>
                backend.followEvents
                  ? [
                      [
                        backend,
                        backend.followEvents((change) => {
                          if (change.printers) void followNow();
                          if (change.jobs) services.queue.jobsChanged();
                        }),
                      ] as const,
                    ]
                  : [],
              ),
        );
        const announcers = [...announcerOf.values()];
        services.queue.announceJobsBy((backend) => announcerOf.get(backend)?.subscribed === true);
        const announced = () => announcers.length === followed.length && announcers.every((announcer) => announcer.subscribed);
        const polling = repeat(async () => {
          await followNow();
          if (announced()) return PRINTER_FOLLOW_ANNOUNCED_MS;
          return services.queue.busy || hasOpenJobs(deps.db) ? PRINTER_FOLLOW_BUSY_MS : PRINTER_FOLLOW_IDLE_MS;
        }, PRINTER_FOLLOW_IDLE_MS);
        // A printer on the network says nothing to CUPS when it goes: the station asks each
        // itself every few seconds (printers/reach.ts), and follows the states when one fell
        // silent or answered again, so it reads offline at its bench within seconds.
        const reaching = repeat(async () => {
          try {
            if (await services.printers.checkReach()) await followNow();
          } catch (error) {
            logger.error('asking the network printers failed', { error: String(error) });
          }
          return REACH_INTERVAL_MS;
        }, REACH_INTERVAL_MS);
        return async () => {
          await Promise.all([polling.stop(), reaching.stop()]);
          await Promise.all(announcers.map((announcer) => announcer.stop()));
          await following;
        };
      },
    },
    {
      name: 'owed automatic prints',
      // Orders whose automatic print a crash or shutdown left unrecorded print now, once each.
      start: () => {
        const owed = services.autoPrint
          .printOwed()
          .then((count) => {
            if (count) logger.info('printed orders owed an automatic print', { count });
          })
          .catch((error) => logger.error('printing owed automatic prints failed', { error: String(error) }));
        return () => {
          services.autoPrint.stop();
          return owed;
        };
      },
    },
    {
      name: 'print cache',
      start: () => void services.store.ready().catch((error) => logger.error('opening the print cache failed', { error: String(error) })),
    },
    ...(deps.renderAhead ?? true
      ? [
          {
            name: 'rendering ahead',
            start: () => {
              services.renderAhead.start();
              return () => services.renderAhead.stop();
            },
          },
        ]
      : []),
  ];
}
