import { readdir, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { WAL_BOUND_BYTES } from '../db/checkpointer';
import type { Db } from '../db/open';
import type { Logger } from '../logger';
import { repeat } from '../repeat';
import type { SettingsStore } from '../settings/settings-store';
import { IDEMPOTENCY_WINDOW_MS } from '../printing/idempotency';
import { retentionOf, type RetentionSettings } from './settings';

/** Rows per transaction: each slice is a short write, and the event loop turns between slices. */
const SLICE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  idempotencyKeys: number;
  printedPdfs: number;
  jobs: number;
  batches: number;
  sourcePayloads: number;
  orders: number;
  webhookDeliveries: number;
}

/**
 * Removes what is older than the retention settings say, in slices that never hold the event
 * loop (or the write lock) for long: Save-as-PDF files, finished print jobs and the batches
 * they leave empty, raw source payloads (replaced by `null`; the order keeps its fields), and
 * orders when an admin set an age (never one with a job still printing).
 */
export async function sweepRetention(db: Db, dataDir: string, retention: RetentionSettings, now = Date.now()): Promise<SweepResult> {
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const result: SweepResult = { idempotencyKeys: 0, printedPdfs: 0, jobs: 0, batches: 0, sourcePayloads: 0, orders: 0, webhookDeliveries: 0 };

  // Answers kept for print retries are of no use after their window (printing/idempotency.ts).
  result.idempotencyKeys = await inSlices(
    db,
    `DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at < ? LIMIT ${SLICE})`,
    new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString(),
  );

  result.printedPdfs = await removeOldFiles(join(dataDir, 'printed'), now - retention.printedPdfDays * DAY_MS);

  const jobCutoff = before(retention.finishedJobDays);
  result.jobs = await inSlices(db, `DELETE FROM print_jobs WHERE rowid IN (SELECT rowid FROM print_jobs WHERE state IN ('done', 'unknown', 'failed') AND finished_at < ? LIMIT ${SLICE})`, jobCutoff);
  // Deliveries sent or given up are kept as long as finished jobs: the dashboard's record of them.
  result.webhookDeliveries = await inSlices(
    db,
    `DELETE FROM webhook_deliveries WHERE rowid IN (SELECT rowid FROM webhook_deliveries WHERE state IN ('delivered', 'failed') AND created_at < ? LIMIT ${SLICE})`,
    jobCutoff,
  );
  result.batches = await inSlices(
    db,
    `DELETE FROM print_batches WHERE rowid IN (SELECT b.rowid FROM print_batches b WHERE b.updated_at < ? AND NOT EXISTS (SELECT 1 FROM print_jobs j WHERE j.batch_id = b.id) LIMIT ${SLICE})`,
    jobCutoff,
  );

  result.sourcePayloads = await inSlices(
    db,
    `UPDATE order_sources SET payload = 'null' WHERE rowid IN (SELECT rowid FROM order_sources WHERE updated_at < ? AND payload <> 'null' LIMIT ${SLICE})`,
    before(retention.sourcePayloadDays),
  );

  if (retention.orderDays !== null) {
    result.orders = await inSlices(
      db,
      `DELETE FROM orders WHERE rowid IN (
         SELECT o.rowid FROM orders o WHERE o.updated_at < ?
           AND NOT EXISTS (SELECT 1 FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id
                           WHERE d.order_id = o.id AND j.state NOT IN ('done', 'unknown', 'failed'))
         LIMIT ${SLICE})`,
      before(retention.orderDays),
    );
  }
  return result;
}

async function inSlices(db: Db, sql: string, cutoff: string): Promise<number> {
  const statement = db.prepare(sql);
  let total = 0;
  for (;;) {
    const { changes } = statement.run(cutoff);
    total += changes;
    if (changes < SLICE) return total;
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
