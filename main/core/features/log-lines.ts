import type { Db } from '../foundations/db/open';
import type { StationEvents } from '../foundations/events';
import type { Logger } from '../foundations/logger';
import { batchFacts, jobFacts, orderFacts, refusalFacts } from './log-lines-store';

/**
 * The station's terminal tells the story of the bench, one line per thing that happened, in
 * the station's log format: each order written (created, updated, merged) and its status
 * changes, each print request and each refusal of one (an error line when orders could
 * not print), each job state change, each printer state change (that one
 * from printing/register.ts). Refused orders are logged where they are refused
 * (orders/routes.ts). `station serve --quiet` leaves it out.
 */
export function writeLogLines(deps: { db: Db; events: StationEvents; logger: Logger }): () => void {
  const { db, events, logger } = deps;
  const onOrder: Parameters<typeof events.on<'order'>>[1] = (event) => {
    const order = orderFacts(db, event.orderId);
    if (!order) return;
    const what = event.type === 'status' ? `is ${order.status}` : event.type;
    logger.info(`order ${order.order_number} ${what}`, { team: order.team, orderId: event.orderId });
  };
  const onBatch: Parameters<typeof events.on<'batch'>>[1] = (event) => {
    if (event.type === 'refused') {
      const refusal = refusalFacts(db, event.batchId);
      if (!refusal) return;
      const said = refusal.orders.slice(0, 4).map((order) => `${order.number}: ${order.reason}`).join('; ');
      const more = refusal.orders.length > 4 ? `; and ${refusal.orders.length - 4} more` : '';
      const line = `print request "${refusal.name}" (${refusal.trigger}) refused ${refusal.orders.length} order${refusal.orders.length === 1 ? '' : 's'}: ${said}${more}`;
      if (refusal.severity === 'error') logger.error(line, { refusalId: event.batchId });
      else logger.info(line, { refusalId: event.batchId });
      return;
    }
    if (event.type !== 'created') return;
    const batch = batchFacts(db, event.batchId);
    if (!batch) return;
    logger.info(`print request "${batch.name}" (${batch.trigger}): ${batch.orders} order${batch.orders === 1 ? '' : 's'}, ${batch.jobs} job${batch.jobs === 1 ? '' : 's'}${batch.printer ? ` on ${batch.printer}` : ''}`, { batchId: event.batchId });
  };
  const onJob: Parameters<typeof events.on<'job'>>[1] = (event) => {
    if (event.type !== 'updated') return;
    const job = jobFacts(db, event.jobId);
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
