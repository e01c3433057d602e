import { z } from 'zod';
import { readSetting, type SettingsStore } from '../../foundations/settings/settings-store';

/** How long the station keeps what piles up. Orders themselves are kept unless an admin sets an age. */
export interface RetentionSettings {
  /** PDFs the Save as PDF printer wrote into `printed/`. */
  printedPdfDays: number;
  /** Print jobs that ended (done, unknown, failed) and batches left without jobs. */
  finishedJobDays: number;
  /** The raw JSON each source sent (the order itself keeps its fields). */
  sourcePayloadDays: number;
  /** Orders (with their documents, keys and sources); null keeps them for ever. */
  orderDays: number | null;
}

declare module '../../foundations/settings/settings-store' {
  interface StationSettings {
    /** How long files and records are kept. */
    retention?: RetentionSettings;
  }
}

export const RETENTION_DEFAULTS: RetentionSettings = { printedPdfDays: 30, finishedJobDays: 90, sourcePayloadDays: 30, orderDays: null };

const days = z.number().int('Whole days').min(1, 'At least 1 day').max(36_500, 'At most 36,500 days');
export const retentionInput = z.strictObject({
  printedPdfDays: days.optional(),
  finishedJobDays: days.optional(),
  sourcePayloadDays: days.optional(),
  orderDays: days.nullable().optional(),
});

export function retentionOf(settings: SettingsStore): RetentionSettings {
  return { ...RETENTION_DEFAULTS, ...(readSetting(settings, 'retention') ?? {}) };
}

/** Changes the given fields only; answers the whole, as it now is. */
export function updateRetention(settings: SettingsStore, change: z.infer<typeof retentionInput>): RetentionSettings {
  const next = { ...retentionOf(settings), ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) } as RetentionSettings;
  settings.set('retention', next);
  return next;
}
