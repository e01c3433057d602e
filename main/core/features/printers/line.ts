import type { OsJobReport, PrintBackend, SubmitRequest } from './backend';
import type { Printer } from './store';

/**
 * A printer as a print job talks to it: the printer, and its print system's operations
 * bound to it. Printing asks the printers feature for a line once per step of a job
 * (`PrintersService.line`) and speaks to the printer through it alone: it never picks a
 * backend or passes a queue name itself.
 */
export interface PrinterLine {
  readonly printer: Printer;
  /** The print system behind it (its job changes may be announced: see the queue's follow-up). */
  readonly backend: PrintBackend;
  /** What it prints for a job on `tray`: a PDF, or HTML (the desktop's print path). */
  takes(tray: string | null, job?: { readyPdf: boolean }): 'pdf' | 'html';
  /** Why its print system is not answering, in words, or undefined while it is up. */
  printSystemDown(): Promise<string | undefined>;
  /** Whether it takes jobs now, and why not; undefined where its print system cannot say. */
  availability(): Promise<{ available: boolean; reason?: string } | undefined>;
  /** Whether its queue takes PDF documents now (PrintBackend.takesPdf; yes where the print system cannot say). */
  takesPdf(): Promise<boolean>;
  submit(request: Omit<SubmitRequest, 'vendorId'>): Promise<{ osJobId: string; held: boolean }>;
  release(osJobId: string): Promise<void>;
  cancel(osJobId: string): Promise<void>;
  /** Whether `findSubmitted` answers for sure (PrintBackend.findsSubmitted). */
  readonly findsSubmitted: boolean;
  findSubmitted(title: string): Promise<string | undefined>;
  jobStates(osJobIds: string[]): Promise<Map<string, OsJobReport>>;
}

/** `printer`'s line through `backend`. */
export function printerLine(printer: Printer, backend: PrintBackend): PrinterLine {
  const queue = printer.vendorId;
  return {
    printer,
    backend,
    takes: (tray, job) => backend.takes?.(tray, job) ?? 'pdf',
    printSystemDown: async () => backend.printSystemDown?.(),
    availability: async () => backend.printerAvailability?.(queue),
    takesPdf: async () => (backend.takesPdf ? backend.takesPdf(queue) : true),
    submit: (request) => backend.submit({ ...request, vendorId: queue }),
    release: (osJobId) => backend.release(queue, osJobId),
    cancel: (osJobId) => backend.cancel(queue, osJobId),
    findsSubmitted: backend.findsSubmitted,
    findSubmitted: (title) => backend.findSubmitted(queue, title),
    jobStates: (osJobIds) => backend.jobStates(queue, osJobIds),
  };
}
