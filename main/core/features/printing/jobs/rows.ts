/**
 * `unknown`: the OS took the job but the station cannot follow it to the paper (the desktop
 * app's print path; a job CUPS no longer remembers). Final, like `done` and `failed`.
 */
export type JobState = 'queued' | 'rendering' | 'submitting' | 'submitted' | 'done' | 'unknown' | 'failed';
/** A batch's state follows from its jobs: queued → printing → done | failed. */
export type BatchState = 'queued' | 'printing' | 'done' | 'failed';

export interface BatchRow {
  id: string;
  request_id: string;
  team_id: string;
  printer_id: string;
  name: string;
  ref: string | null;
  trigger: string;
  state: BatchState;
  orders: string;
  created_at: string;
  updated_at: string;
  /** Who asked for it (JSON `Actor`); null on batches from before people were recorded (migration 0034). */
  requested_by: string | null;
  /** The bench the batch was asked for at (a paired screen's scan, `overrides.bench`), or null. */
  bench_id?: string | null;
}

export interface JobRow {
  id: string;
  batch_id: string;
  request_id: string;
  team_id: string;
  printer_id: string;
  tray: string | null;
  paper: string;
  fit_to_page: number;
  copies: number;
  state: JobState;
  attempts: number;
  next_attempt_at: string;
  os_job_id: string | null;
  released: number;
  reason: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  finished_at: string | null;
  /** Its content was ready (rendered, or found rendered ahead): 0042. */
  rendered_at?: string | null;
  /** The print system first said it was printing it. */
  printing_at?: string | null;
  /** 1 when the request printed ignored orders on purpose (`force`). */
  forced: number;
  /** JSON array of the pool's printer ids after the planned one, or null. */
  fallback_printer_ids: string | null;
  /** The printer the job was planned for (`printer_id` is where it prints). */
  planned_printer_id: string | null;
  /** Why it printed on another printer of its pool, in words. */
  failover: string | null;
  /** Pages handed to the printer system (PDF pages × copies); null until then, or for HTML jobs. */
  pages?: number | null;
  /** This job's place among the chunks of its printer + tray + paper (1-based), or null for a job that is whole. */
  chunk_index?: number | null;
  chunk_count?: number | null;
  /** The chunks of one planned job share it (null for a job that is whole). */
  chunk_group?: string | null;
  /** JSON `PrintedCopy`: the bytes handed to the printer system, kept in the print cache. */
  printed_copy?: string | null;
  /** The job this one reprints (its printed copy, byte for byte). */
  reprint_of?: string | null;
  /** 1 for a failed job that may have printed: a person prints it again or counts it as printed. */
  awaiting_decision?: number;
}

/** Where a job's printed bytes are kept (the print cache) and what they are. */
export interface PrintedCopy {
  format: 'pdf' | 'raw';
  key: string;
  bytes: number;
}

export interface JobDocumentRow {
  job_id: string;
  position: number;
  document_id: string;
  order_id: string;
  template_id: string | null;
}
