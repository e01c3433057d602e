import { retentionInput, retentionOf, updateRetention } from '../../features/retention/settings';
import { sweepRetention } from '../../features/retention/sweep';
import { validate } from '../../foundations/validate';
import { UsageError, commonOptions, output, parse } from './args';
import { withStation } from './with-station';

export const RETENTION_USAGE =
  'station retention [--printed-pdf-days N] [--finished-job-days N] [--payload-days N] [--order-days N|keep] [--sweep] [--json]';

const wholeDays = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} takes a number of days`);
  return Number(value);
};

/** Shows the retention settings, changes the ones given, and with --sweep applies them now. */
export async function retentionCommand(argv: string[]): Promise<number> {
  const args = parse(argv, {
    ...commonOptions,
    'printed-pdf-days': { type: 'string' },
    'finished-job-days': { type: 'string' },
    'payload-days': { type: 'string' },
    'order-days': { type: 'string' },
    sweep: { type: 'boolean', default: false },
  });
  const change = {
    printedPdfDays: wholeDays(args['printed-pdf-days'], '--printed-pdf-days'),
    finishedJobDays: wholeDays(args['finished-job-days'], '--finished-job-days'),
    sourcePayloadDays: wholeDays(args['payload-days'], '--payload-days'),
    orderDays: args['order-days'] === 'keep' ? null : wholeDays(args['order-days'], '--order-days'),
  };
  return withStation(args['data-dir'], async (station) => {
    const settings = station.services.settings;
    const changed = Object.values(change).some((value) => value !== undefined);
    const retention = changed ? updateRetention(settings, validate(retentionInput, change, 'The retention settings are not valid')) : retentionOf(settings);
    const swept = args.sweep ? await sweepRetention(station.db, station.dataDir, retention) : undefined;
    output(args.json, { ...retention, ...(swept ? { swept } : {}) }, () =>
      [
        `Save-as-PDF files: ${retention.printedPdfDays} days`,
        `finished print jobs: ${retention.finishedJobDays} days`,
        `raw source payloads: ${retention.sourcePayloadDays} days`,
        `orders: ${retention.orderDays === null ? 'kept' : `${retention.orderDays} days`}`,
        ...(swept ? [`swept: ${swept.printedPdfs} PDFs, ${swept.jobs} jobs, ${swept.batches} batches, ${swept.sourcePayloads} payloads, ${swept.orders} orders, ${swept.idempotencyKeys} expired idempotency keys, ${swept.webhookDeliveries} webhook deliveries`] : []),
      ].join('\n'),
    );
    return 0;
  });
}
