import { join } from 'node:path';
import type { Db } from '../foundations/db/open';
import type { Logger } from '../foundations/logger';
import { jsonFileSettings } from '../foundations/settings/json-file-settings';
import { CarrierLabelPages } from '../features/carrier-labels/pages';
import { configuredLinkBase, settingsMailer } from '../features/mail/settings-mailer';
import { allowedImageHosts } from '../features/net/admin-routes';
import { ImageFetcher } from '../features/net/image-fetcher';
import { withRenderedCache } from '../features/render/cached-renderer';
import { ChromiumPdfRenderer } from '../features/render/chromium';
import { ContentStore } from '../features/render/content-store';
import { withImagePolicy } from '../features/render/inline-images';
import { lastListeningUrl } from './listening';
import { DEFAULT_PRINT_CACHE_BYTES, type StationOptions } from './options';
import type { StationThreads } from './threads';

/**
 * What the station's services stand on beyond the database: its settings, mail, the links it
 * hands out, the PDF renderer behind the print cache and the image policy, and the threads
 * that read carrier labels and run links' expressions.
 */
export function createPlatform(db: Db, options: StationOptions, logger: Logger, threads: StationThreads, listening: { url?: string }) {
  const settings = options.settings ?? jsonFileSettings(options.dataDir);
  // Every renderer gets its documents' images fetched by the station under its outbound
  // policy (public hosts only, unless an admin allows one), never by the browser itself.
  const imageFetcher = new ImageFetcher({ allowedHosts: () => allowedImageHosts(settings) });
  // Documents rendered ahead print from the cache; images are inlined first, so they are part of the key.
  const printCache = new ContentStore(join(options.dataDir, 'print-cache'), options.printCacheBytes ?? DEFAULT_PRINT_CACHE_BYTES);
  // Opened as a serving station starts: a cache an older version left readable is made private
  // at once, not at the first print (a failure here is the first print's to report).
  if (!options.oneShot) printCache.ready().catch(() => undefined);
  const renderer = options.pdfRenderer ?? new ChromiumPdfRenderer({ logger });
  return {
    settings,
    mailer: settingsMailer(settings),
    // Links in mails: the configured public address, else where this station listens, else
    // where the last `station serve` on this data dir listened (a CLI command does not listen).
    linkBaseUrl: () => configuredLinkBase(settings) ?? listening.url ?? lastListeningUrl(db),
    printCache,
    pdfRenderer: withImagePolicy(withRenderedCache(renderer, printCache, { mergePdfs: (parts) => threads.carrierPdfs.merge(parts) }), imageFetcher),
    carrierPdfs: threads.carrierPdfs,
    // Carrier-label pages read at ingest, for the documents built in the same write.
    labelPages: new CarrierLabelPages(),
    sandbox: threads.sandbox,
  };
}

export type Platform = ReturnType<typeof createPlatform>;
