import { parseArgs } from 'node:util';
import { addPrinterByAddress, addPrinterInput } from '../../features/printers/by-address/add-printer';
import { printServerResolver } from '../../features/printers/print-server';
import { validate } from '../../foundations/validate';
import { UsageError, commonOptions, output } from './args';
import { withStation } from './with-station';

export const PRINTERS_USAGE = `station printers list [--json]
  station printers add NAME --uri ipp://HOST[:PORT]/PATH|ipps://…|socket://HOST[:9100] [--json]   (any address: run on this machine)`;

/**
 * `station printers …`: the station's printers, and a printer added by its address. Run by
 * whoever runs this machine, so any address may be added, loopback included (the dashboard's
 * outbound policy is for remote admins). It works with the station stopped or running: the
 * queue is CUPS's, and a running station lists it within a second (CUPS announces it).
 */
export async function printersCommand(sub: string | undefined, argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...commonOptions, uri: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values: args, positionals } = parsed;
  switch (sub) {
    case 'list':
      if (positionals.length) throw new UsageError('printers list takes no name');
      return withStation(args['data-dir'], async (station) => {
        const printers = (await station.printing.printers.refresh()).filter((printer) => !printer.removedAt);
        output(args.json, printers.map(station.printing.printers.resource), () =>
          printers.map((printer) => `${printer.nickname ?? printer.name}\t${printer.vendorId}\t${printer.status}${printer.statusReason ? ` (${printer.statusReason})` : ''}`).join('\n') || 'No printers',
        );
        return 0;
      });
    case 'add': {
      if (positionals.length !== 1) throw new UsageError('printers add takes one NAME (quote a name with spaces)');
      if (!args.uri) throw new UsageError('--uri is required');
      const input = validate(addPrinterInput, { name: positionals[0], uri: args.uri }, 'The printer is not valid');
      return withStation(args['data-dir'], async (station) => {
        const cupsServer = printServerResolver(undefined, station.services.settings);
        const { printer, probe } = await addPrinterByAddress({ printers: station.printing.printers, cupsServer: () => cupsServer().server }, input, 'any address');
        output(args.json, { ...station.printing.printers.resource(printer), probe }, () =>
          [`Added ${input.name} (${printer.vendorId}): ${printer.status}`, probe.makeAndModel ? `  ${probe.makeAndModel}` : '', probe.trays.length ? `  trays: ${probe.trays.join(', ')}` : '', `  takes: ${probe.languages.join(', ') || 'unknown'}`].filter(Boolean).join('\n'),
        );
        return 0;
      });
    }
    default:
      throw new UsageError(`unknown printers command: ${sub ?? '(none)'}`);
  }
}
