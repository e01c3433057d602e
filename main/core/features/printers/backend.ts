import type { EventFollower, SchedulerChange } from './ipp/cups-events';

/**
 * A platform's printers. Each backend discovers the printers it can reach and prints PDFs
 * on them; the station chooses its backends once, at the composition root.
 */

/** A paper size a printer takes, in millimetres (portrait). */
export interface PrinterPaperSize {
  name: string;
  widthMm: number;
  heightMm: number;
}

/**
 * The station's printer status set, mapped from the OS state:
 * `online` (ready), `busy` (printing now), `offline` (stopped, disabled or not accepting
 * jobs), `missing` (no longer reported by the OS; kept so its settings survive).
 */
export type PrinterStatus = 'online' | 'busy' | 'offline' | 'missing';

/** A queue's state as the print system says it now (PrintBackend.printerStates). */
export interface FollowedState {
  status: Exclude<PrinterStatus, 'missing'>;
  reason?: string;
  /** The print system cannot reach the printer with a job (CUPS: "The printer may not exist…"). */
  notAnswering?: boolean;
  /** The printer's own network address (`ipp://`, `ipps://`, `socket://`), which the station asks itself (reach.ts). */
  address?: string;
}

export interface DiscoveredPrinter {
  /** The OS queue name (`printerVendorId`). */
  vendorId: string;
  name: string;
  status: Exclude<PrinterStatus, 'missing'>;
  trays: string[];
  paperSizes: PrinterPaperSize[];
  /** Takes any paper size (a custom page size), not only the listed ones. */
  acceptsCustomPaper: boolean;
  /** The OS default printer. */
  isDefault: boolean;
  /** Why the printer is not `online`, in words ("paused: Out for lunch", "the printer is out of paper"); undefined when nothing is wrong. */
  statusReason?: string;
  /** The print system cannot reach the printer with a job (FollowedState.notAnswering). */
  notAnswering?: boolean;
  /** A label printer's own language that the OS says it takes raw (`zpl`: CUPS's make and model names Zebra or ZPL). */
  language?: 'zpl';
}

/**
 * What a job prints: a PDF (CUPS, the folder printer, pdf-to-printer), or the job's documents
 * as one HTML document (Electron's `webContents.print`, which cannot print a PDF: its PDF
 * viewer is an extension page, electron/electron#27383). Images are inlined in both.
 */
export type JobContent = { kind: 'pdf'; pdf: Uint8Array } | { kind: 'html'; html: string } | RawContent;

/** Printer language (ZPL) sent to the printer as is: no driver, no rendering (CUPS's `application/vnd.cups-raw`). */
export interface RawContent {
  kind: 'raw';
  data: Uint8Array;
}

export interface SubmitRequest {
  /** The OS queue name. */
  vendorId: string;
  content: JobContent;
  /** The station's job id: the OS job title, so a held job can be found after a crash. */
  title: string;
  copies: number;
  /** `media`: a paper size name of the printer, or a custom size in millimetres. */
  paper: { name: string | null; widthMm: number; heightMm: number; landscape: boolean };
  tray: string | null;
  fitToPage: boolean;
}

/**
 * What the OS says about a job it accepted. `unknown`: the OS took it but the station cannot
 * follow it to the paper (Electron hands it to the spooler and hears no more), and the
 * hand-off counts. `lost`: the print system took it and then forgot it (CUPS no longer lists
 * it), so whether it printed is not known: a person decides (print again or count as printed).
 */
export type OsJobState = 'pending' | 'done' | 'failed' | 'unknown' | 'lost';

/** A job's state with what the printer said, in words (out of paper, cancelled…), when anything. */
export interface OsJobReport {
  state: OsJobState;
  reason?: string;
  /** Pending, and the print system says it is printing it now (CUPS: \`processing\`). */
  printing?: boolean;
}

export interface PrintBackend {
  /** `cups`, `electron`, `folder`: which backend prints on a printer (its id is the OS queue's). */
  readonly kind: string;
  /**
   * What this backend prints for a job on `tray` (default: a PDF). `readyPdf`: the job
   * holds a ready-made PDF (a carrier label), which only a PDF path can print.
   */
  takes?(tray: string | null, job?: { readyPdf: boolean }): 'pdf' | 'html';
  discover(): Promise<DiscoveredPrinter[]>;
  /**
   * Each printer's status now, by OS queue name, cheaper than `discover` (no paper sizes or
   * trays): what the station follows every few seconds. Optional: a backend without it is
   * followed by its discoveries only.
   */
  printerStates?(): Promise<Map<string, FollowedState>>;
  /**
   * Calls \`onChange\` whenever the print system says a printer or a job changed (CUPS's
   * printer subscription with job events): the station reads the states, or its jobs', then,
   * instead of asking every second. Optional: a backend without it is polled.
   */
  followEvents?(onChange: (change: SchedulerChange) => void): EventFollower;
  /**
   * Why the print system is not answering, in words, or undefined when it is up (or the
   * backend cannot tell). Asked before a job is rendered, so a stopped scheduler costs no
   * render per retry.
   */
  printSystemDown?(): Promise<string | undefined>;
  /**
   * Whether the printer takes jobs right now, and why not in words ("paused", "not accepting
   * jobs", "out of paper"). Asked for jobs of a printer pool, to pass on to the next printer.
   */
  printerAvailability?(vendorId: string): Promise<{ available: boolean; reason?: string }>;
  /**
   * Whether the queue takes PDF documents now. A driverless CUPS queue takes only raw bytes
   * until its driver is made from what the printer says of itself. Optional: elsewhere, yes.
   */
  takesPdf?(vendorId: string): Promise<boolean>;
  /**
   * Hands the PDF to the OS. Backends that can hold a job (CUPS) submit it held: it prints
   * only after `release`, once the station has recorded its id; so a crash in between
   * leaves a held job that `findHeld` finds, never a second copy.
   */
  submit(request: SubmitRequest): Promise<{ osJobId: string; held: boolean }>;
  release(vendorId: string, osJobId: string): Promise<void>;
  /**
   * A job of this station's, by title, that the OS already has although its id was never
   * recorded (a crash between submit and record): a held CUPS job, a written PDF file.
   */
  findSubmitted(vendorId: string, title: string): Promise<string | undefined>;
  /**
   * Whether `findSubmitted` answers for sure. When it cannot (Electron prints straight to
   * the device), a job caught submitting by a crash may or may not have printed: recovery
   * fails it with that reason for a person to check, rather than risk printing it twice.
   */
  readonly findsSubmitted: boolean;
  /** Cancels a held job (a job submitted twice by a crash is never released). */
  cancel(vendorId: string, osJobId: string): Promise<void>;
  jobStates(vendorId: string, osJobIds: string[]): Promise<Map<string, OsJobReport>>;
}

/** A submit failure worth retrying later (printer offline, spooler busy…). */
export class TransientPrintError extends Error {}

/**
 * The print system itself is not answering (the CUPS scheduler restarting or stopped, the
 * Windows spooler service restarting). Not the job's fault: it waits, however long, and is
 * sent as soon as the print system answers; the wait counts no attempt.
 */
export class PrintSystemDownError extends TransientPrintError {}

/** A refusal that will not change by itself (the queue was deleted, the printer cannot take the document): the job fails at once. */
export class PermanentPrintError extends Error {}

/**
 * The OS may or may not have printed the job (Electron's print callback never came): the
 * queue fails it at once with this reason rather than risk printing it twice.
 */
export class UnconfirmedPrintError extends Error {}

/** Why a printer path that prints documents refuses a ZPL job. */
export const RAW_NOT_TAKEN = 'This printer takes documents, not ZPL: route ZPL labels to a label printer on a CUPS queue or a Windows printer (they are sent raw)';
/** Why a job of raw ZPL fails at once on a printer not marked as a ZPL label printer. */
export const notAZplPrinter = (name: string) =>
  `${RAW_NOT_TAKEN}. ${name} is not marked as a ZPL label printer (raw ZPL on another printer prints garbage or changes its settings); if it is one, mark it so on the Printers page`;

/** The PDF of a job for a backend that prints PDFs (a wiring error otherwise). */
export function pdfOf(request: SubmitRequest): Uint8Array {
  if (request.content.kind === 'raw') throw new PermanentPrintError(RAW_NOT_TAKEN);
  if (request.content.kind !== 'pdf') throw new Error(`a PDF backend was handed ${request.content.kind}`);
  return request.content.pdf;
}
