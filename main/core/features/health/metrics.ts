import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CHECKPOINT_MODES, WAL_BOUND_BYTES, type Checkpointer } from '../../foundations/db/checkpointer';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import type { JobState } from '../printing/jobs/store';
import { jobCountsByState, jobTimeAndCopies, openJobTotal } from './metrics-store';

const ORDER_RESULTS = ['created', 'updated', 'merged'] as const;
const JOB_STATES: readonly JobState[] = ['queued', 'rendering', 'submitting', 'submitted', 'done', 'unknown', 'failed'];

/**
 * The station's Prometheus metrics (`GET /metrics`). Counters and histograms follow the
 * station's events; the job gauges are read from the database at each scrape, so they are
 * right after a restart too. Station-wide totals only: no team's data.
 */
export function createStationMetrics(db: Db, events: StationEvents, checkpointer?: Checkpointer): Registry {
  const registry = new Registry();
  if (checkpointer) walMetrics(registry, checkpointer);
  const ordersIngested = new Counter({
    name: 'station_orders_ingested_total',
    help: 'Orders written through the API, CSV or the dashboard, by what the write did (created, updated, merged)',
    labelNames: ['result'],
    registers: [registry],
  });
  const jobTransitions = new Counter({
    name: 'station_print_jobs_total',
    help: 'Print job state changes since the station started, by the state entered',
    labelNames: ['state'],
    registers: [registry],
  });
  // Every known label value from the start, at 0: an alert or a dashboard on a fresh station
  // sees 0, not "no data" (Prometheus practice: avoid missing metrics).
  for (const result of ORDER_RESULTS) ordersIngested.inc({ result }, 0);
  for (const state of JOB_STATES) jobTransitions.inc({ state }, 0);
  new Gauge({
    name: 'station_print_jobs',
    help: 'Print jobs kept by the station, by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const state of JOB_STATES) this.set({ state }, 0);
      for (const row of jobCountsByState(db)) this.set({ state: row.state }, row.count);
    },
  });
  // Jobs not finished yet: what the queue still has to print.
  new Gauge({
    name: 'station_print_queue_depth',
    help: 'Print jobs waiting, rendering or with the printer system, not finished yet',
    registers: [registry],
    collect() {
      this.set(openJobTotal(db));
    },
  });
  const pagesPrinted = new Counter({
    name: 'station_pages_printed_total',
    help: 'Pages handed to the printer system (PDF jobs; a job sent as HTML has no page count)',
    registers: [registry],
  });
  const renderSeconds = new Histogram({
    name: 'station_render_seconds',
    help: 'Time to render one print job’s documents for its printer',
    labelNames: ['outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
  for (const outcome of ['ok', 'failed']) renderSeconds.zero({ outcome });
  const printSeconds = new Histogram({
    name: 'station_print_seconds',
    help: 'Time from a print job being queued to the printer system accepting it',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [registry],
  });

  // Pages of the last render of each job in flight, counted once the printer system has it
  // (a render that is retried is not counted twice).
  const renderedPages = new Map<string, number>();
  events.on('order', (event) => {
    if (event.type !== 'status') ordersIngested.inc({ result: event.type });
  });
  events.on('job', (event) => {
    if (event.type !== 'updated') return;
    jobTransitions.inc({ state: event.state });
    if (event.state === 'submitted') {
      const job = jobTimeAndCopies(db, event.jobId);
      if (job) {
        printSeconds.observe(Math.max(0, (Date.now() - Date.parse(job.created_at)) / 1000));
        pagesPrinted.inc((renderedPages.get(event.jobId) ?? 0) * job.copies);
      }
    }
    if (event.state !== 'submitting') renderedPages.delete(event.jobId);
  });
  events.on('rendered', (event) => {
    renderSeconds.observe({ outcome: event.ok ? 'ok' : 'failed' }, event.seconds);
    if (event.pages) renderedPages.set(event.jobId, event.pages);
  });
  return registry;
}

/** The write-ahead log against its bound, and what the checkpoint thread did (docs/api.md, Storage). */
function walMetrics(registry: Registry, checkpointer: Checkpointer): void {
  new Gauge({
    name: 'station_wal_bytes',
    help: 'Size of the database write-ahead log file (station.db-wal)',
    registers: [registry],
    collect() {
      this.set(checkpointer.walBytes());
    },
  });
  new Gauge({ name: 'station_wal_bound_bytes', help: 'The size the write-ahead log is kept under', registers: [registry] }).set(WAL_BOUND_BYTES);
  new Counter({
    name: 'station_wal_checkpoints_total',
    help: 'WAL checkpoints that moved pages or reset the log, by mode (passive, restart, truncate) and outcome (done, or busy: a commit or a reader held it, retried next round)',
    labelNames: ['mode', 'outcome'],
    registers: [registry],
    collect() {
      const { counts } = checkpointer.stats();
      this.reset();
      // Every mode and outcome from the start, 0 until it happens.
      for (const mode of CHECKPOINT_MODES) for (const outcome of ['done', 'busy'] as const) this.inc({ mode, outcome }, counts[mode][outcome]);
    },
  });
  new Gauge({
    name: 'station_wal_frames_left',
    help: 'Frames the last checkpoint could not copy into the database (a reader still needed them, or writes arrived meanwhile)',
    registers: [registry],
    collect() {
      const last = checkpointer.stats().last;
      this.set(last ? last.log - last.checkpointed : 0);
    },
  });
}
