import type { Db } from '../../../foundations/db/open';
import type { PrintersService } from '../../printers/service';
import { getPrinter, type Printer } from '../../printers/store';
import { isNotAnswering } from '../../printers/reach';
import type { JobRow } from './store';

const printerName = (printer: Printer) => printer.nickname ?? printer.name;

/**
 * Where a job prints: its printer, or for a job of a printer pool the first of the pool
 * (planned printer, then the fallbacks in order) that takes jobs now (not paused, not
 * rejecting, not reporting an error, not among `failedHere`), with why the ones before were
 * passed over. `exhausted` when none can: the job then stays with its planned printer (it
 * waits there as any job) and the caller starts the pool over.
 */
export async function choosePoolPrinter(
  deps: { db: Db; printers: PrintersService },
  job: JobRow,
  failedHere: ReadonlySet<string>,
): Promise<{ printer: Printer; failover: string | null; exhausted: boolean }> {
  const fallbacks = job.fallback_printer_ids ? (JSON.parse(job.fallback_printer_ids) as string[]) : [];
  if (fallbacks.length === 0) return { printer: getPrinter(deps.db, job.printer_id)!, failover: null, exhausted: false };
  const planned = getPrinter(deps.db, job.planned_printer_id ?? job.printer_id)!;
  const passedOver: string[] = [];
  for (const id of [planned.id, ...fallbacks]) {
    const candidate = getPrinter(deps.db, id);
    if (!candidate) continue;
    let why: string | undefined;
    if (candidate.status === 'missing') why = 'is no longer connected';
    else if (failedHere.has(candidate.id)) why = 'failed this job';
    else {
      const availability = await deps.printers.line(candidate.id)!.availability();
      if (availability && !availability.available) why = availability.reason ?? 'cannot take jobs';
      // A printer the station cannot reach, which its print system does not know yet (printers/reach.ts).
      else if (candidate.status === 'offline' && isNotAnswering(candidate.statusReason)) why = `is ${candidate.statusReason}`;
      else if (!availability && candidate.status === 'offline') why = 'is offline';
    }
    if (!why) return { printer: candidate, failover: passedOver.length ? `Printed on "${printerName(candidate)}" because ${passedOver.join('; ')}` : null, exhausted: false };
    passedOver.push(`"${printerName(candidate)}" ${why}`);
  }
  return { printer: planned, failover: null, exhausted: true };
}
