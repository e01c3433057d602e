import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';

type Overview = Schemas['Overview'];
import { useLiveReload } from '../../app/live';
import { EmptyState, ErrorBanner, PageHeader, RelativeTime, StatusChip } from '../../components/ui';
import { PagesPerHourChart } from './PagesPerHourChart';

/** The Overview as the station builds it (a type only: nothing of the core is bundled). */
export type { Overview };

/** How a job that needs a look is described: failed, or still trying and why. */
export function failingSentence(job: Overview['failingJobs'][number]): string {
  if (job.state === 'failed') return job.reason ? `Failed: ${job.reason}` : 'Failed';
  return job.reason ?? `Retrying (attempt ${job.attempts + 1})`;
}

/** Where routing names a missing printer, in words: "Shop's “gift-note”", "Shop's default printer". */
export function routingUseWords(use: Overview['routesToMissingPrinters'][number]): string {
  return use.tag === null ? `${use.teamName}'s default printer` : `${use.teamName}'s “${use.tag}”`;
}

const LIVE_DELAY_MS = 250;

/** The day at a glance: orders and pages today, pages per hour, the queue, what failed, the printers. Live. */
export function OverviewPage() {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/overview')).then(
      (next) => {
        setOverview(next);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure)),
    );
  }, []);
  useEffect(load, [load]);
  useLiveReload(['order', 'batch', 'job', 'printers'], load, LIVE_DELAY_MS);

  return (
    <div className="page">
      <PageHeader title="Overview" subtitle="Today at this station, as it happens" />
      <ErrorBanner error={error} onRetry={load} />
      {overview && (
        <div className="overview">
          <section className="overview-tiles" aria-label="Today">
            <Tile label="Orders today" value={overview.today.orders} />
            <Tile label="Pages today" value={overview.today.pages} />
            <Tile label="In the print queue" value={overview.queueDepth} />
            {/* A print refused at the door (no paper, no printer) failed as surely as a job the printer refused. */}
            <Tile label="Jobs failed today" value={overview.today.jobsFailed + overview.today.printsRefused} warn={overview.today.jobsFailed + overview.today.printsRefused > 0} />
          </section>
          <section className="card" aria-labelledby="overview-chart-heading">
            <h2 id="overview-chart-heading">Pages per hour</h2>
            <PagesPerHourChart hours={overview.pagesPerHour} />
          </section>
          <section className="card" aria-labelledby="overview-failing-heading">
            <h2 id="overview-failing-heading">Needs a look</h2>
            {overview.failingJobs.length === 0 && overview.refusedPrints.length === 0 && overview.routesToMissingPrinters.length === 0 ? (
              <p className="muted">No failed, refused, retrying or waiting jobs in the last 24 hours.</p>
            ) : (
              <ul className="overview-failing">
                {overview.routesToMissingPrinters.map((use) => (
                  <li key={`${use.teamId}/${use.tag ?? ''}/${use.as}/${use.printerId}`}>
                    <StatusChip status="missing" />
                    <span>
                      <a href="#/routing">{routingUseWords(use)}</a> {use.as === 'default' ? 'is' : use.as === 'pool' ? 'falls back on' : 'prints on'} {use.printerName}
                    </span>
                    <span className="overview-reason">The print system no longer lists {use.printerName}: choose another printer in Routing</span>
                    <span />
                  </li>
                ))}
                {overview.refusedPrints.map((refusal) => (
                  <li key={refusal.id}>
                    <StatusChip status="refused" />
                    <span>
                      <a href="#/batches">{refusal.title}</a> not printed
                    </span>
                    <span className="overview-reason">{refusal.reason}</span>
                    <RelativeTime at={refusal.createdAt} />
                  </li>
                ))}
                {overview.failingJobs.map((job) => (
                  <li key={job.id}>
                    <StatusChip status={job.state} />
                    <span>
                      <a href="#/batches">{job.orderNumbers.length ? job.orderNumbers.join(', ') : 'A job'}</a> on {job.printerName}
                    </span>
                    <span className="overview-reason">{failingSentence(job)}</span>
                    <RelativeTime at={job.updatedAt} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="overview-printers-heading">
            <h2 id="overview-printers-heading">Printers</h2>
            {overview.printers.length === 0 ? (
              <EmptyState title="No printers">Connect a printer, then refresh on the Printers page.</EmptyState>
            ) : (
              <ul className="overview-printers">
                {overview.printers.map((printer) => (
                  <li key={printer.id} className={printer.status === 'offline' ? 'overview-printer-down' : undefined}>
                    <StatusChip status={printer.status} />
                    <span>{printer.name}</span>
                    {printer.reason && <span className="overview-reason">{printer.reason[0]!.toUpperCase() + printer.reason.slice(1)}{printer.since && <> · since <RelativeTime at={printer.since} /></>}</span>}
                    <span className="muted">{printer.openJobs === 0 ? 'no jobs waiting' : `${printer.openJobs} job${printer.openJobs === 1 ? '' : 's'} in the queue`}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <BenchesOverview />
        </div>
      )}
    </div>
  );
}

/** Every bench: its printers' health and who is signed in there (none: the section is left out). */
function BenchesOverview() {
  const [benches, setBenches] = useState<Schemas['Bench'][] | null>(null);
  useEffect(() => void answer(dashboard.GET('/admin/api/benches')).then(setBenches, () => setBenches(null)), []);
  if (!benches?.length) return null;
  return (
    <section className="card" aria-labelledby="overview-benches-heading">
      <h2 id="overview-benches-heading">Benches</h2>
      <ul className="overview-printers">
        {benches.map((bench) => (
          <li key={bench.id} aria-label={`Bench ${bench.name}`}>
            <strong>{bench.name}</strong>
            <span className="muted">{bench.signedIn.length ? `signed in: ${bench.signedIn.join(', ')}` : 'nobody signed in'}</span>
            {bench.printers.map((printer) => (
              <span key={printer.id}>
                <StatusChip status={printer.status} /> {printer.name}
                {printer.statusReason && <span className="overview-reason"> {printer.statusReason}</span>}
              </span>
            ))}
            {bench.printers.length === 0 && <span className="muted">prints by the teams’ routing</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tile({ label, value, warn = false }: { label: string; value: number; warn?: boolean }) {
  return (
    <div className={`overview-tile${warn ? ' overview-tile-warn' : ''}`}>
      <span className="overview-tile-value">{value.toLocaleString()}</span>
      <span className="overview-tile-label">{label}</span>
    </div>
  );
}
