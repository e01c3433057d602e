import { parseArgs } from 'node:util';
import { createBenches, benchInput } from '../../features/printing/benches/benches';
import { validate } from '../../foundations/validate';
import { UsageError, commonOptions, output } from './args';
import { withStation } from './with-station';

export const BENCHES_USAGE = `station benches list [--json]
  station benches add NAME [--json]
  station benches remove NAME_OR_ID`;

/** `station benches …`: the packing benches the station knows (their routing is set on the dashboard's Benches page). */
export async function benchesCommand(sub: string | undefined, argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: commonOptions, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values: args, positionals } = parsed;
  const one = () => {
    if (positionals.length !== 1) throw new UsageError(`benches ${sub} takes one NAME (quote a name with spaces)`);
    return positionals[0]!;
  };
  switch (sub) {
    case 'list':
      return withStation(args['data-dir'], async (station) => {
        await station.printing.printers.ready();
        const list = createBenches({ db: station.db, printers: station.printing.printers }).list();
        output(args.json, list, () =>
          list.length
            ? list.map((bench) => `${bench.name}\t${bench.id}\t${bench.routes.map((route) => `${route.tag} → ${bench.printers.find((printer) => printer.id === route.printerId)?.name ?? route.printerId}${route.tray ? ` (${route.tray})` : ''}`).join(', ') || 'no routes: prints by the teams’ routing'}`).join('\n')
            : 'No benches',
        );
        return 0;
      });
    case 'add': {
      const input = validate(benchInput, { name: one() }, 'The bench is not valid');
      return withStation(args['data-dir'], (station) => {
        const bench = createBenches({ db: station.db, printers: station.printing.printers }).add(input);
        output(args.json, bench, () => `Added bench ${bench.name} (${bench.id})`);
        return 0;
      });
    }
    case 'remove': {
      const name = one();
      return withStation(args['data-dir'], (station) => {
        createBenches({ db: station.db, printers: station.printing.printers }).remove(name);
        output(args.json, { removed: name }, () => `Removed bench ${name}`);
        return 0;
      });
    }
    default:
      throw new UsageError(`unknown benches command: ${sub ?? '(none)'}`);
  }
}
