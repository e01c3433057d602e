import { HttpError } from './http/errors';
import { UsageError } from './cli/args';
import { keysCommand } from './cli/keys';
import { SERVE_USAGE, serve } from './cli/serve';
import { teamsCommand } from './cli/teams';

const USAGE = `Order Print Station

  ${SERVE_USAGE}
  station teams create --name NAME [--type standard|three_pl] [--owner-name N --owner-email E] [--json]
  station teams list [--json]
  station keys create --team TEAM_ID --name NAME [--json]
  station keys revoke --id KEY_ID
  station keys list [--team TEAM_ID] [--json]

Every command takes --data-dir DIR (default: the app-data folder, or $STATION_DATA_DIR).`;

/** The headless entry point: `station <command> …`. Returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest);
      case 'teams':
        return await teamsCommand(rest[0], rest.slice(1));
      case 'keys':
        return await keysCommand(rest[0], rest.slice(1));
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`station: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof HttpError) {
      process.stderr.write(`station: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
