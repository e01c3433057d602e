import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, type Schemas } from '../../app/api';
import { useLiveReload } from '../../app/live';
import { requestState } from '../../../main/core/features/printing/requests/request-state';
import { printerLabel, usePrinters } from '../printers/use-printers';

/** One thing the bench did: a scan that opened or printed an order, a question, an error. */
export type ScanEntry =
  | { key: number; kind: 'opened'; number: string }
  | { key: number; kind: 'printing'; number: string; batchIds: string[]; problems: string[] }
  | { key: number; kind: 'ask'; number: string; question: string }
  | { key: number; kind: 'declined'; number: string }
  | { key: number; kind: 'error'; message: string }
  | { key: number; kind: 'person'; message: string };

type BatchJobs = Pick<Schemas['Batch'], 'jobs'>;

/**
 * Where a print stands, by the one rule the Batches page uses (printing/requests/request-state.ts), in the
 * words of the bench: failed and why, printed and where, at the printer and what it waits
 * for, or being prepared.
 */
export function printState(batches: BatchJobs[], printers: { id: string; status: string; statusReason?: string | null }[], printerName: (id: string) => string): { tone: 'ok' | 'wait' | 'error' | 'busy'; words: string } {
  const jobs = batches.flatMap((batch) => batch.jobs);
  const offline = new Set(printers.filter((printer) => printer.status === 'offline').map((printer) => printer.id));
  const where = [...new Set(jobs.map((job) => printerName(job.printerId)))].join(', ');
  switch (jobs.length ? requestState(jobs, offline) : 'printing') {
    case 'failed': {
      const failed = jobs.find((job) => job.state === 'failed')!;
      return { tone: 'error', words: `Failed on ${printerName(failed.printerId)}: ${failed.reason ?? 'the print system refused it'}` };
    }
    case 'done': {
      // From the print's arrival to the print system saying it is on paper: what the bench waited.
      const started = Math.min(...jobs.map((job) => Date.parse(job.createdAt)));
      const finished = Math.max(...jobs.map((job) => (job.finishedAt ? Date.parse(job.finishedAt) : Number.NaN)));
      const took = Number.isFinite(finished - started) ? ` in ${((finished - started) / 1000).toFixed(1)} s` : '';
      return { tone: 'ok', words: `Printed on ${where}${took}` };
    }
    case 'waiting': {
      const atOffline = jobs.find((job) => offline.has(job.printerId) && job.state !== 'done');
      if (atOffline) {
        // The printer's own state is the news ("Waiting: Bench 2 Laser is not answering since 16:04 — 1 job waiting").
        const reason = printers.find((printer) => printer.id === atOffline.printerId)?.statusReason;
        const why = !reason ? ' is offline' : /^(not |paused)/.test(reason) ? ` is ${reason}` : `: ${reason}`;
        const count = jobs.filter((job) => job.printerId === atOffline.printerId && job.state !== 'done' && job.state !== 'failed').length;
        return { tone: 'wait', words: `Waiting: ${printerName(atOffline.printerId)}${why} — ${count} job${count === 1 ? '' : 's'} waiting` };
      }
      const waiting = jobs.find((job) => job.state === 'queued' && job.reason)!;
      return { tone: 'wait', words: `Waiting at ${printerName(waiting.printerId)}: ${waiting.reason}` };
    }
    default: {
      const sent = jobs.find((job) => job.state === 'submitted');
      if (sent) return { tone: 'wait', words: `At the printer ${printerName(sent.printerId)}${sent.reason ? `: ${sent.reason}` : ''}` };
      return { tone: 'busy', words: `Preparing for ${where || 'the printer'}` };
    }
  }
}

const ICON = { ok: '✓', wait: '…', error: '✖', busy: '…' } as const;

/** A print started from the bench, followed live until it is on paper or failed. */
function PrintLine({ entry }: { entry: Extract<ScanEntry, { kind: 'printing' }> }) {
  const { printers } = usePrinters();
  const [batches, setBatches] = useState<BatchJobs[]>([]);
  const load = useCallback(() => {
    void Promise.all(entry.batchIds.map((id) => answer(dashboard.GET('/admin/api/print-batches/{id}', { params: { path: { id } } })))).then(setBatches, () => {});
  }, [entry.batchIds]);
  useEffect(load, [load]);
  useLiveReload(['job', 'batch', 'printers'], load, 100);
  const name = (id: string) => {
    const printer = printers?.find((candidate) => candidate.id === id);
    return printer ? printerLabel(printer) : 'the printer';
  };
  if (entry.batchIds.length === 0) return <ScanLine tone="error" text={entry.problems.join(' ') || `${entry.number} not printed`} />;
  const state = printState(batches, printers ?? [], name);
  return <ScanLine tone={state.tone} text={`${entry.number}: ${state.words}${entry.problems.length ? ` · ${entry.problems.join(' ')}` : ''}`} />;
}

function ScanLine({ tone, text }: { tone: 'ok' | 'wait' | 'error' | 'busy' | 'ask'; text: string }) {
  return (
    <span className={`scan-line scan-${tone}`}>
      <span className="scan-icon" aria-hidden>{tone === 'ask' ? '?' : ICON[tone]}</span>
      <span className="scan-text">{text}</span>
    </span>
  );
}

/**
 * What the last scans did, beside the scan box, newest first: never a dialog, so the next
 * scan always lands in the box. The newest line is announced (an error or a question
 * assertively); prints update live as their jobs move.
 */
export function ScanLog({ entries }: { entries: ScanEntry[] }) {
  if (entries.length === 0) return null;
  const [latest, ...earlier] = entries;
  // An error, a question, or a print of which nothing went out: said at once, assertively.
  const urgent = latest!.kind === 'error' || latest!.kind === 'ask' || (latest!.kind === 'printing' && latest!.batchIds.length === 0);
  return (
    <div className="scan-log" aria-label="Scan results">
      <div className={`scan-latest${urgent ? ' scan-urgent' : ''}`} role={urgent ? 'alert' : 'status'} aria-live={urgent ? 'assertive' : 'polite'}>
        <EntryLine entry={latest!} />
      </div>
      {earlier.length > 0 && (
        <ul className="scan-earlier" aria-label="Earlier scans">
          {earlier.map((entry) => (
            <li key={entry.key}>
              <EntryLine entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EntryLine({ entry }: { entry: ScanEntry }) {
  switch (entry.kind) {
    case 'printing':
      return <PrintLine entry={entry} />;
    case 'opened':
      return <ScanLine tone="ok" text={`${entry.number} opened`} />;
    case 'ask':
      return <ScanLine tone="ask" text={entry.question} />;
    case 'declined':
      return <ScanLine tone="busy" text={`${entry.number} not printed again`} />;
    case 'error':
      return <ScanLine tone="error" text={entry.message} />;
    case 'person':
      return <ScanLine tone="ok" text={entry.message} />;
  }
}
