import { useCallback, useEffect, useState } from 'react';
import { api, apiBlob, describeError } from '../../app/api';
import { useLiveReload } from '../../app/live';
import { useStationInfo } from '../../app/station-info';
import { EmptyState, ErrorBanner, PageHeader, RelativeTime, StatusChip } from '../../components/ui';
import { printerLabel, usePrinters } from '../printers/use-printers';
import { batchChip, batchProgress, jobChunkLabel, jobSentence, type PrintBatch, type PrintJob } from './batches';

const ORDERS_NAMED = 3;
/** Jobs the printer system took: their printed copy can be sent again. */
const WITH_PRINTER: PrintJob['state'][] = ['submitted', 'done', 'unknown'];

const PAGE = 50;

/** Every print batch, newest first, with its jobs; failed jobs can be sent again. */
export function BatchesPage() {
  const [batches, setBatches] = useState<PrintBatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [preview, setPreview] = useState<{ jobId: string; url: string } | null>(null);
  const { printers } = usePrinters();
  const { info } = useStationInfo();
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  const load = useCallback(() => {
    api<PrintBatch[]>(`/print-batches?limit=${PAGE}`).then(
      (list) => {
        setBatches(list);
        setMore(list.length === PAGE);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure)),
    );
  }, []);
  useEffect(load, [load]);
  useLiveReload(['batch', 'job'], load, 150);

  async function loadMore() {
    const last = batches?.at(-1);
    if (!last) return;
    const older = await api<PrintBatch[]>(`/print-batches?limit=${PAGE}&before=${encodeURIComponent(last.id)}`);
    setBatches([...(batches ?? []), ...older]);
    setMore(older.length === PAGE);
  }

  async function retry(jobId: string) {
    try {
      await api(`/print-jobs/${encodeURIComponent(jobId)}/retry`, { method: 'POST' });
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  /** Exactly what the job handed to the printer, as the printer got it. */
  async function showPrinted(job: PrintJob) {
    if (preview?.jobId === job.id) return setPreview(null);
    try {
      setPreview({ jobId: job.id, url: URL.createObjectURL(await apiBlob(`/print-jobs/${encodeURIComponent(job.id)}/printed`)) });
      setError(null);
    } catch (failure) {
      setError(`The printed copy could not be shown: ${describeError(failure)}`);
    }
  }

  async function reprint(jobId: string) {
    try {
      await api(`/print-jobs/${encodeURIComponent(jobId)}/reprint`, { method: 'POST' });
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  const teamName = (id: string) => info?.teams.find((team) => team.id === id)?.name ?? id;
  const printerName = (id: string) => {
    const printer = printers?.find((p) => p.id === id);
    return printer ? printerLabel(printer) : id;
  };
  return (
    <div className="page">
      <PageHeader title="Batches" subtitle="Each print request becomes one batch per printer; its jobs show where every document is." />
      <ErrorBanner error={error} onRetry={load} />
      {batches?.length === 0 && (
        <EmptyState title="Nothing printed yet">Select orders on the Orders page and press Print, or let a live team print automatically.</EmptyState>
      )}
      <div className="batch-list">
        {batches?.map((batch) => {
          const progress = batchProgress(batch);
          return (
            <article key={batch.id} className="card batch" aria-label={`Batch ${batch.name}`}>
              <header className="batch-head">
                <div>
                  <h2>{batch.name}</h2>
                  <p className="muted">
                    {teamName(batch.team.authId)} · {printerName(batch.printerId)} ·{' '}
                    {batch.trigger === 'auto' ? 'printed automatically' : `from the ${batch.trigger === 'admin' ? 'dashboard' : 'API'}`} · <RelativeTime at={batch.createdAt} />
                  </p>
                </div>
                <StatusChip status={batchChip(batch)} />
              </header>
              <BatchOrders orders={batch.orders} />
              {batch.state !== 'done' && batch.state !== 'failed' && (
                <div className="progress" role="progressbar" aria-label={`Progress of ${batch.name}`} aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100}>
                  <span style={{ width: `${progress.percent}%` }} />
                  <small>{progress.words}</small>
                </div>
              )}
              <ul className="jobs">
                {batch.jobs.map((job) => (
                  <li key={job.id} className={`job job-${job.state}`}>
                    <StatusChip status={job.state} />
                    <span>
                      {printerName(job.printerId)}
                      {job.tray && ` · tray ${job.tray}`}
                      {job.paper?.name && ` · ${job.paper.name}`}
                      {jobChunkLabel(job) && ` · ${jobChunkLabel(job)}`}
                    </span>
                    <span className="job-sentence">{jobSentence(job)}</span>
                    {job.failover && <span className="job-failover">{job.failover}</span>}
                    <span className="job-actions">
                      {job.state === 'failed' && (
                        <button type="button" className="button button-small" onClick={() => void retry(job.id)}>Retry</button>
                      )}
                      {job.printedCopy?.format === 'pdf' && (
                        <button type="button" className="button button-small" aria-pressed={preview?.jobId === job.id} onClick={() => void showPrinted(job)}>
                          {preview?.jobId === job.id ? 'Hide' : 'As printed'}
                        </button>
                      )}
                      {job.printedCopy && WITH_PRINTER.includes(job.state) && (
                        <button type="button" className="button button-small" onClick={() => void reprint(job.id)}>Reprint</button>
                      )}
                    </span>
                    {preview?.jobId === job.id && <iframe className="pdf-preview job-preview" title={`As printed: job ${job.id}`} src={preview.url} />}
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
      {more && (
        <button type="button" className="button" onClick={() => void loadMore()}>Show older batches</button>
      )}
    </div>
  );
}

/**
 * The orders of a batch by number, each a link that opens it on the Orders page: the first
 * few, then "and N more" (which shows the rest).
 */
function BatchOrders({ orders }: { orders: PrintBatch['orders'] }) {
  const [all, setAll] = useState(false);
  const shown = all || orders.length <= ORDERS_NAMED + 1 ? orders : orders.slice(0, ORDERS_NAMED);
  return (
    <p className="batch-orders">
      {orders.length} {orders.length === 1 ? 'order' : 'orders'}:{' '}
      {shown.map((order, index) => (
        <span key={order.id}>
          {index > 0 && ', '}
          <a href={`#/orders/${encodeURIComponent(order.id)}`}>{order.orderNumber ?? order.orderKeys?.[0] ?? order.id}</a>
        </span>
      ))}
      {shown.length < orders.length && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => setAll(true)}>
            and {orders.length - shown.length} more
          </button>
        </>
      )}
    </p>
  );
}
