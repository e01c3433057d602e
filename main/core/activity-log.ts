import type { Db } from './db/open';
import type { StationEvents } from './events';
import type { Logger } from './logger';

/**
 * The station's terminal tells the story of the bench, one line per thing that happened, in
 * the station's log format: each order written (created, updated, merged) and its status
 * changes, each print request, each job state change, each printer state change (that one
 * from printing/register.ts). Refused orders are logged where they are refused
 * (orders/routes.ts). `station serve --quiet` leaves it out.
 */
export function logActivity(deps: { db: Db; events: StationEvents; logger: Logger }): () => void {
  const { db, events, logger } = deps;
  const orderFacts = db.prepare<[string], { order_number: string; status: string; team: string }>(
    'SELECT o.order_number, o.status, t.name AS team FROM orders o JOIN teams t ON t.id = o.team_id WHERE o.id = ?',
  );
  const batchFacts = db.prepare<[string], { name: string; trigger: string; orders: number; jobs: number; printer: string | null }>(
    `SELECT b.name, b.trigger, json_array_length(b.orders) AS orders, (SELECT COUNT(*) FROM print_jobs j WHERE j.batch_id = b.id) AS jobs,
            (SELECT coalesce(p.nickname, p.name) FROM printers p WHERE p.id = b.printer_id) AS printer
     FROM print_batches b WHERE b.id = ?`,
  );
  const jobFacts = db.prepare<[string], { printer: string; numbers: string }>(
    `SELECT coalesce(p.nickname, p.name) AS printer,
            (SELECT group_concat(number, ', ') FROM (SELECT DISTINCT o.order_number AS number FROM print_job_documents d JOIN orders o ON o.id = d.order_id WHERE d.job_id = j.id LIMIT 4)) AS numbers
     FROM print_jobs j JOIN printers p ON p.id = j.printer_id WHERE j.id = ?`,
  );
  const onOrder: Parameters<typeof events.on<'order'>>[1] = (event) => {
    const order = orderFacts.get(event.orderId);
    if (!order) return;
    const what = event.type === 'status' ? `is ${order.status}` : event.type;
    logger.info(`order ${order.order_number} ${what}`, { team: order.team, orderId: event.orderId });
  };
  const onBatch: Parameters<typeof events.on<'batch'>>[1] = (event) => {
    if (event.type !== 'created') return;
    const batch = batchFacts.get(event.batchId);
    if (!batch) return;
    logger.info(`print request "${batch.name}" (${batch.trigger}): ${batch.orders} order${batch.orders === 1 ? '' : 's'}, ${batch.jobs} job${batch.jobs === 1 ? '' : 's'}${batch.printer ? ` on ${batch.printer}` : ''}`, { batchId: event.batchId });
  };
  const onJob: Parameters<typeof events.on<'job'>>[1] = (event) => {
    if (event.type !== 'updated') return;
    const job = jobFacts.get(event.jobId);
    logger.info(`job ${event.state}${job ? ` on ${job.printer} (${job.numbers ?? 'no orders'})` : ''}${event.reason ? `: ${event.reason}` : ''}`, { jobId: event.jobId, batchId: event.batchId });
  };
  events.on('order', onOrder);
  events.on('batch', onBatch);
  events.on('job', onJob);
  return () => {
    events.off('order', onOrder);
    events.off('batch', onBatch);
    events.off('job', onJob);
  };
}
