import type { Db } from '../foundations/db/open';
import type { StationEvents } from '../foundations/events';
import type { Logger } from '../foundations/logger';
import { repeat } from '../foundations/repeat';
import { scheduleDailyBackups } from '../features/backup/daily';
import { writeLogLines } from '../features/log-lines';
import { indexOrderSearchInBackground } from '../features/orders/search-index';
import { printingLoops, printingSettles } from '../features/printing/register';
import { scheduleRetentionSweeps } from '../features/retention/sweep';
import { threePlLimits } from '../features/teams/rate-limits';
import type { WebhookDispatcher } from '../features/webhooks/dispatcher';
import type { StationOptions } from './options';
import type { Platform } from './platform';
import type { Printing } from './printing';
import type { Services } from './services';

/** How often the invitation outbox looks for mails its 3PL's budget now lets go. */
const OUTBOX_EVERY_MS = 60_000;

/** How often sessions that went idle or ran out are ended (a bench locks at most this late). */
const SESSION_SWEEP_EVERY_MS = 30_000;

/** Stops one thing the station started; awaited on close. */
export type Closer = () => Promise<unknown> | void;

interface LoopParts {
  db: Db;
  events: StationEvents;
  logger: Logger;
  platform: Platform;
  services: Services;
  printing: Printing;
  webhooks?: WebhookDispatcher;
}

/**
 * Starts the station's background work and answers what stops each, in the order it
 * started: the station's close stops them in reverse. Only hosts that serve start loops
 * (`background`); a one-shot CLI command starts none, so it never prints or sends.
 */
export function startLoops(options: StationOptions, { db, events, logger, platform, services, printing, webhooks }: LoopParts): Closer[] {
  const { settings } = platform;
  const closers: Closer[] = [];
  if (options.logLines) closers.push(writeLogLines({ db, events, logger }));
  closers.push(() => platform.pdfRenderer.close());
  // A discovery under way and automatic prints being recorded finish before the database closes, background or not.
  closers.push(...printingSettles(printing.printing));
  if (!options.background) return closers;
  for (const loop of printingLoops(printing.printing, printing.deps)) {
    const stop = loop.start();
    if (stop) closers.push(stop);
  }
  // The order search indexes what changed in batches, off the order's write.
  const searchIndex = indexOrderSearchInBackground({ db, logger });
  closers.push(() => searchIndex.stop());
  // Webhooks: the outbox is written with each change; the dispatcher sends it from here.
  if (webhooks) {
    webhooks.start();
    closers.push(() => webhooks.stop());
  }
  if (options.retentionSweeps ?? true) {
    const sweeps = scheduleRetentionSweeps({ db, dataDir: options.dataDir, settings, logger });
    closers.push(() => sweeps.stop());
  }
  if (options.invitationOutbox ?? true) {
    // The invitation outbox: mails past a 3PL's hourly budget go out as it frees (a minute late at most).
    const outbox = repeat(async () => {
      await services.invitations.drainOutbox(() => threePlLimits(settings).invitationsPerHour).catch((error: unknown) => logger.error(`invitation outbox: ${(error as Error).message}`));
      return OUTBOX_EVERY_MS;
    }, OUTBOX_EVERY_MS);
    closers.push(() => outbox.stop());
  }
  // Sessions that went idle or ran out end as revoked ones do: their streams close, benches lock.
  const sessionEnds = repeat(async () => {
    try {
      services.adminSessions.endDeadSessions();
    } catch (error) {
      logger.error(`ending idle sessions: ${(error as Error).message}`);
    }
    return SESSION_SWEEP_EVERY_MS;
  }, SESSION_SWEEP_EVERY_MS);
  closers.push(() => sessionEnds.stop());
  if (options.automaticBackups ?? true) {
    // Stopped before the database closes: a backup in flight finishes first.
    const backups = scheduleDailyBackups({ db, dataDir: options.dataDir, events, logger });
    closers.push(() => backups.stop());
  }
  return closers;
}
