import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Query } from '../../app/api';
import { useLiveReload } from '../../app/live';
import { mayUse, useStationInfo } from '../../app/station-info';
import { FilterSelect } from '../../components/FilterSelect';
import { EmptyState, ErrorBanner, PageHeader, RelativeTime, StatusChip } from '../../components/ui';
import { printerLabel, usePrinters, type Printer } from '../printers/use-printers';
import { BenchFilter } from '../printers/BenchFilter';
import { jobChunkLabel, jobSentence, type PrintJob, type PrintRequest } from './batches';

const ORDERS_NAMED = 3;
/** Jobs the printer system took: their printed copy can be sent again. */
const WITH_PRINTER: PrintJob['state'][] = ['submitted', 'done', 'unknown'];
/** Jobs that wait (to print, or at their printer): they can be cancelled or moved. */
const WAITING: PrintJob['state'][] = ['queued', 'submitted'];
const PAGE = 50;
/** The Batches page's filters of a job's state and of what asked for the print. */
const JOB_STATES = [
  { value: 'failed', label: 'Failed' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'printing', label: 'Printing' },
  { value: 'done', label: 'Printed' },
  { value: 'refused', label: 'Refused' },
];
const TRIGGERS = [
  { value: 'admin', label: 'Dashboard and scans' },
  { value: 'auto', label: 'Automatic' },
  { value: 'api', label: 'API' },
];

interface Filters {
  state: string;
  printerId: string;
  benchId: string;
  trigger: string;
  day: string;
  q: string;
}
const NO_FILTERS: Filters = { state: '', printerId: '', benchId: '', trigger: '', day: '', q: '' };

/**
 * A day's printing, one entry per print request (a scan, an automatic print, a dashboard
 * print, an API call) with its jobs under it; failed and waiting ones first; filters by
 * state, printer, source and day, and search by order number. A waiting job can be
 * cancelled or sent to another printer; a failed one retried.
 */
/** "by Ana", "by the key WMS", "by the station": who asked for the print (requests from before people were recorded say so). */
function requestedBy(request: { requestedBy: { kind: string; name: string } | null; trigger: string }): string {
  const by = request.requestedBy;
  if (!by) return request.trigger === 'auto' ? '' : 'before people were recorded ·';
  if (by.kind === 'station') return '';
  return `by ${by.kind === 'key' ? `the key ${by.name}` : by.name} ·`;
}

export function BatchesPage() {
  const [requests, setRequests] = useState<PrintRequest[] | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [limit, setLimit] = useState(PAGE);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ jobId: string; url: string } | null>(null);
  const { printers } = usePrinters();
  const { info, me } = useStationInfo();
  /** Retry, cancel, move and reprint are an operator's (a viewer reads). */
  const operates = mayUse(me, 'operator');
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  type RequestFilters = Query<'/admin/api/print-requests'>;
  const load = useCallback(() => {
    const query = { limit, ...(Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim())) as RequestFilters) };
    answer(dashboard.GET('/admin/api/print-requests', { params: { query } })).then(
      (list) => {
        setRequests(list);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure)),
    );
  }, [filters, limit]);
  useEffect(load, [load]);
  useLiveReload(['batch', 'job', 'printers'], load, 150);

  /** A job action (retry, cancel, move, reprint); the list reads again after it. */
  async function act(call: () => Promise<unknown>) {
    try {
      await call();
      setError(null);
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  /** Exactly what the job handed to the printer, as the printer got it. */
  async function showPrinted(job: PrintJob) {
    if (preview?.jobId === job.id) return setPreview(null);
    try {
      setPreview({ jobId: job.id, url: URL.createObjectURL(await answer(dashboard.GET('/admin/api/print-jobs/{id}/printed', { params: { path: { id: job.id } }, parseAs: 'blob' }))) });
      setError(null);
    } catch (failure) {
      setError(`The printed copy could not be shown: ${describeError(failure)}`);
    }
  }

  const teamName = (id: string) => info?.teams.find((team) => team.id === id)?.name ?? id;
  const printerName = (id: string) => {
    const printer = printers?.find((p) => p.id === id);
    return printer ? printerLabel(printer) : id;
  };
  const set = (field: keyof Filters) => (value: string) => setFilters((current) => ({ ...current, [field]: value }));
  const filtered = Object.values(filters).some((value) => value.trim());
  return (
    <div className="page">
      <PageHeader title="Batches" subtitle="Each print request with its jobs: failed and waiting ones first. Cancel or move a job that waits." />
      <div className="filter-bar">
        <FilterSelect label="State" value={filters.state} onChange={set('state')} choices={JOB_STATES} />
        <FilterSelect label="Printer" value={filters.printerId} onChange={set('printerId')} choices={printers?.map((printer) => ({ value: printer.id, label: printerLabel(printer) })) ?? []} />
        <BenchFilter value={filters.benchId} onChange={set('benchId')} />
        <FilterSelect label="Source" value={filters.trigger} onChange={set('trigger')} choices={TRIGGERS} />
        <label>
          Day
          <input type="date" value={filters.day} onChange={(event) => set('day')(event.target.value)} />
        </label>
        <label>
          Order number
          <input type="search" value={filters.q} placeholder="#1001" onChange={(event) => set('q')(event.target.value)} />
        </label>
        {filtered && (
          <button type="button" className="button button-ghost" onClick={() => setFilters(NO_FILTERS)}>Clear filters</button>
        )}
      </div>
      <ErrorBanner error={error} onRetry={load} />
      {requests?.length === 0 &&
        (filtered ? (
          <EmptyState title="No print requests match">Change or clear the filters above.</EmptyState>
        ) : (
          <EmptyState title="Nothing printed yet">Select orders on the Orders page and press Print, or let a live team print automatically.</EmptyState>
        ))}
      <div className="batch-list">
        {requests?.map((request) => {
          const jobs = request.batches.flatMap((batch) => batch.jobs);
          const orders = request.batches.flatMap((batch) => batch.orders).filter((order, index, all) => all.findIndex((other) => other.id === order.id) === index);
          return (
            <article key={request.requestId} className={`card batch batch-${request.state}`} aria-label={`Print request ${request.title}`}>
              <header className="batch-head">
                <div>
                  <h2>{request.title}</h2>
                  <p className="muted">
                    {request.teamIds.map(teamName).join(', ')} · {request.trigger === 'auto' ? 'printed automatically' : `from the ${request.trigger === 'admin' ? 'dashboard' : 'API'}`} · {requestedBy(request)}{' '}
                    <RelativeTime at={request.createdAt} />
                  </p>
                </div>
                <StatusChip status={request.state === 'done' ? 'done' : request.state} />
              </header>
              {orders.length > 0 && <BatchOrders orders={orders} />}
              {request.refused.length > 0 && (
                <ul className="refused-orders" aria-label="Refused orders">
                  {request.refused.flatMap((refusal) =>
                    refusal.orders.map((order) => (
                      <li key={`${refusal.id}-${order.id}`} className={`refused refused-${refusal.severity}`}>
                        <StatusChip status={refusal.severity === 'error' ? 'refused' : 'ignored'} />
                        <span>{order.orderNumber ? <a href={`#/orders/${encodeURIComponent(order.id)}`}>{order.orderNumber}</a> : `“${order.id}”`} not printed</span>
                        <span className="job-sentence">{order.reasons.map((reason) => reason.message).join('; ')}</span>
                      </li>
                    )),
                  )}
                </ul>
              )}
              <ul className="jobs">
                {jobs.map((job) => (
                  <li key={job.id} className={`job job-${job.state}`}>
                    <StatusChip status={job.state} />
                    <span>
                      {printerName(job.printerId)}
                      {job.tray && ` · tray ${job.tray}`}
                      {job.paper?.name && ` · ${job.paper.name}`}
                      {(job.copies ?? 1) > 1 && ` · ${job.copies} copies`}
                      {jobChunkLabel(job) && ` · ${jobChunkLabel(job)}`}
                    </span>
                    <span className="job-sentence">{jobSentence(job)}</span>
                    {job.failover && <span className="job-failover">{job.failover}</span>}
                    <span className="job-actions">
                      {operates && job.state === 'failed' && (
                        <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.POST('/admin/api/print-jobs/{id}/retry', { params: { path: { id: job.id } } })))}>
                          {job.awaitingDecision ? 'Print again' : 'Retry'}
                        </button>
                      )}
                      {operates && job.state === 'failed' && job.awaitingDecision && (
                        <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.POST('/admin/api/print-jobs/{id}/count-as-printed', { params: { path: { id: job.id } } })))}>
                          Count as printed
                        </button>
                      )}
                      {operates && WAITING.includes(job.state) && (
                        <>
                          <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.POST('/admin/api/print-jobs/{id}/cancel', { params: { path: { id: job.id } } })))}>Cancel</button>
                          <MoveJob job={job} printers={printers ?? []} move={(printerId) => act(() => answer(dashboard.POST('/admin/api/print-jobs/{id}/move', { params: { path: { id: job.id } }, body: { printerId } })))} />
                        </>
                      )}
                      {job.printedCopy?.format === 'pdf' && (
                        <button type="button" className="button button-small" aria-pressed={preview?.jobId === job.id} onClick={() => void showPrinted(job)}>
                          {preview?.jobId === job.id ? 'Hide' : 'As printed'}
                        </button>
                      )}
                      {operates && job.printedCopy && WITH_PRINTER.includes(job.state) && (
                        <button type="button" className="button button-small" onClick={() => void act(() => answer(dashboard.POST('/admin/api/print-jobs/{id}/reprint', { params: { path: { id: job.id } } })))}>Reprint</button>
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
      {requests && requests.length === limit && limit < 200 && (
        <button type="button" className="button" onClick={() => setLimit((current) => Math.min(200, current + PAGE))}>Show older requests</button>
      )}
    </div>
  );
}

/** "Move to…": the printers that could take the job (its tray, when it has one); the station checks its paper. */
function MoveJob({ job, printers, move }: { job: PrintJob; printers: Printer[]; move(printerId: string): Promise<void> }) {
  const candidates = printers.filter((printer) => printer.id !== job.printerId && printer.status !== 'missing' && (!job.tray || printer.trays.includes(job.tray)));
  if (candidates.length === 0) return null;
  return (
    <select aria-label={`Move job to another printer`} value="" onChange={(event) => event.target.value && void move(event.target.value)}>
      <option value="">Move to…</option>
      {candidates.map((printer) => <option key={printer.id} value={printer.id}>{printerLabel(printer)}</option>)}
    </select>
  );
}

/**
 * The orders of a request by number, each a link that opens it on the Orders page: the first
 * few, then "and N more" (which shows the rest).
 */
function BatchOrders({ orders }: { orders: PrintRequest['batches'][number]['orders'] }) {
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
