import type { Actor } from './actor';
import { EventEmitter } from 'node:events';

/** What happened in the station, for live views (the dashboard's Server-Sent Events). */
export interface StationEventMap {
  order: [{ type: 'created' | 'updated' | 'merged' | 'status'; orderId: string; teamId: string }];
  /** `refused`: a print request's refused orders were recorded (`batchId` is the refusal's id, printing/requests/refusals.ts). */
  /** `by`: who asked for a batch just created (a person, an API key, the station); `benchId`: the bench it was asked for at, or null. */
  batch: [{ type: 'created' | 'updated' | 'refused'; batchId: string; teamId: string; benchId: string | null; by?: Actor }];
  /** `updated`: the job entered `state`; `reason`: only what the printer says changed (out of paper…); `benchId`: its batch's bench, or null. */
  job: [{ type: 'updated' | 'reason'; jobId: string; batchId: string; teamId: string; benchId: string | null; state: string; reason?: string | null }];
  printers: [{ type: 'refreshed' } | { type: 'state'; printerIds: string[] }];
  /** Who is at the benches changed: a screen paired (`benchId`), someone signed in at one, or sessions ended somewhere (`benchId` null: any bench). */
  bench: [{ type: 'paired' | 'signedIn' | 'signedOut'; benchId: string | null }];
  /** A CSV import's progress (new-orders/csv-import-run.ts): orders checked and written of `total`, and whether it ran to its end or was cancelled. */
  import: [{ importId: string; teamId: string; total: number; checked: number; written: number; state: 'running' | 'done' | 'cancelled' }];
  /** A job's documents were rendered for the printer (or failed to): for metrics and health. */
  rendered: [{ jobId: string; ok: boolean; seconds: number; pages: number | null }];
  /** An order's documents were rendered ahead into the PDF cache (counts per outcome). */
  renderedAhead: [{ orderId: string; teamId: string; rendered: number; cached: number; failed: number }];
  /** An automatic backup was taken into `file` (or failed). */
  backup: [{ file: string | null; ok: boolean; error?: string }];
  /** A webhook delivery was tried: delivered, or why not and whether it is tried again. */
  webhook: [{ deliveryId: string; webhookId: string; state: 'pending' | 'delivered' | 'failed'; attempts: number; status: number | null; error: string | null }];
  /** The desktop app's window became a bench's (its id) or the station's own (null): the desktop host reloads it. */
  desktopWindow: [{ benchId: string | null }];
  /** Dashboard sessions ended (signed out, revoked, the person disabled or reset): their live streams close at once. */
  sessionsEnded: [{ sessionIds: string[] }];
  /** A person's teams or roles changed: their live streams read their scope again. */
  personChanged: [{ personId: string }];
  /** The host is about to stop listening: live streams end so it is not held open. */
  closing: [];
}

export class StationEvents extends EventEmitter<StationEventMap> {
  constructor() {
    super();
    // Every open dashboard holds a listener; a busy station may have many.
    this.setMaxListeners(0);
  }
}
