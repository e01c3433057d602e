import type { z } from 'zod';
import type { sweepAnswer } from './admin-answers';
import { readdir, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { WAL_BOUND_BYTES } from '../../foundations/db/checkpointer';
import type { Db } from '../../foundations/db/open';
import type { Logger } from '../../foundations/logger';
import { repeat } from '../../foundations/repeat';
import type { SettingsStore } from '../../foundations/settings/settings-store';
import { IDEMPOTENCY_WINDOW_MS } from '../printing/requests/idempotency';
import { retentionOf, type RetentionSettings } from './settings';
import { SWEEP_SLICE, sweepSlice, type SweepKind } from './sweep-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a sweep removed, by kind: the answer of `POST /admin/api/retention/sweep` (admin-answers.ts). */
export type SweepResult = z.output<typeof sweepAnswer>;

/**
 * Removes what is older than the retention settings say, in slices that never hold the event
 * loop (or the write lock) for long: Save-as-PDF files, finished print jobs and the batches
 * they leave empty, refused print requests as old as those jobs, raw source payloads (replaced by `null`; the order keeps its fields), and
 * orders when an admin set an age (never one with a job still printing).
 */
export async function sweepRetention(db: Db, dataDir: string, retention: RetentionSettings, now = Date.now()): Promise<SweepResult> {
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const result: SweepResult = { idempotencyKeys: 0, printedPdfs: 0, jobs: 0, batches: 0, sourcePayloads: 0, orders: 0, webhookDeliveries: 0, refusals: 0, activity: 0 };

  // Answers kept for print retries are of no use after their window (printing/requests/idempotency.ts).
  result.idempotencyKeys = await inSlices(db, 'idempotencyKeys', new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString());

  result.printedPdfs = await removeOldFiles(join(dataDir, 'printed'), now - retention.printedPdfDays * DAY_MS);

  const jobCutoff = before(retention.finishedJobDays);
  result.jobs = await inSlices(db, 'finishedJobs', jobCutoff);
  // Deliveries sent or given up are kept as long as finished jobs: the dashboard's record of them.
  result.webhookDeliveries = await inSlices(db, 'webhookDeliveries', jobCutoff);
  result.refusals = await inSlices(db, 'refusals', jobCutoff);
  result.activity = await inSlices(db, 'activity', jobCutoff);
  result.batches = await inSlices(db, 'emptyBatches', jobCutoff);
  result.sourcePayloads = await inSlices(db, 'sourcePayloads', before(retention.sourcePayloadDays));
  if (retention.orderDays !== null) result.orders = await inSlices(db, 'orders', before(retention.orderDays));
  return result;
}

/** Runs slices until one removes fewer than a slice's rows, with a turn of the event loop between. */
async function inSlices(db: Db, kind: SweepKind, cutoff: string): Promise<number> {
  let total = 0;
  for (;;) {
    const changes = sweepSlice(db, kind, cutoff);
    total += changes;
    if (changes < SWEEP_SLICE) return total;
    await nextTurn();
  }
}

async function removeOldFiles(folder: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.pdf')) continue;
    const file = join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < olderThanMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Bytes the station keeps, by kind, and what the disk has left. */
export interface DiskUse {
  /** station.db and its shared-memory index. */
  databaseBytes: number;
  /** The write-ahead log (station.db-wal), and the size the station keeps it under. */
  walBytes: number;
  walBoundBytes: number;
  printedPdfs: { files: number; bytes: number };
  backups: { files: number; bytes: number };
  freeBytes: number | null;
}

export async function diskUse(dataDir: string): Promise<DiskUse> {
  const size = async (file: string) => (await stat(file).catch(() => undefined))?.size ?? 0;
  const folder = async (path: string) => {
    const names = await readdir(path).catch(() => [] as string[]);
    let bytes = 0;
    for (const name of names) bytes += await size(join(path, name));
    return { files: names.length, bytes };
  };
  const [database, shm, wal] = await Promise.all(['station.db', 'station.db-shm', 'station.db-wal'].map((name) => size(join(dataDir, name))));
  const free = await statfs(dataDir).then((fs) => fs.bavail * fs.bsize).catch(() => null);
  return { databaseBytes: database! + shm!, walBytes: wal!, walBoundBytes: WAL_BOUND_BYTES, printedPdfs: await folder(join(dataDir, 'printed')), backups: await folder(join(dataDir, 'backups')), freeBytes: free };
}

export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Sweeps at start and every hour while the station runs with background work. */
export function scheduleRetentionSweeps(deps: { db: Db; dataDir: string; settings: SettingsStore; logger: Logger }): { stop(): Promise<void> } {
  return repeat(async () => {
    try {
      const result = await sweepRetention(deps.db, deps.dataDir, retentionOf(deps.settings));
      if (Object.values(result).some((count) => count > 0)) deps.logger.info('retention sweep', { ...result });
    } catch (error) {
      deps.logger.error('retention sweep failed', { error: String(error) });
    }
    return RETENTION_SWEEP_INTERVAL_MS;
  }, 0);
}
