import { DatabaseTooNewError } from '../foundations/db/migrate';
import { StationError } from '../foundations/errors';
import { UsageError } from './cli/args';
import { appsCommand } from './cli/apps';
import { RETENTION_USAGE, retentionCommand } from './cli/retention';
import { BACKUP_USAGE, RESTORE_USAGE, backupCommand, restoreCommand } from './cli/backup';
import { invitationsCommand } from './cli/invitations';
import { keysCommand } from './cli/keys';
import { LOGIN_USAGE, loginCommand } from './cli/login';
import { SERVE_USAGE, serve } from './cli/serve';
import { teamsCommand } from './cli/teams';
import { USERS_USAGE, usersCommand } from './cli/users';
import { PRINTERS_USAGE, printersCommand } from './cli/printers';
import { BENCHES_USAGE, benchesCommand } from './cli/benches';

const USAGE = `Order Print Station

  ${SERVE_USAGE}
  ${LOGIN_USAGE}
  station teams create --name NAME [--type standard|three_pl|merchant --parent ID] [--owner-name N --owner-email E] [--json]
  station teams list [--json]
  station teams set-locale --team ID --locale LOCALE|default [--json]   (language, dates, money of its documents)
  station keys create --team TEAM_ID --name NAME [--json]
  station keys revoke --id KEY_ID
  station keys list [--team TEAM_ID] [--json]
  station apps create --team TEAM_ID --name NAME [--json]
  station apps list [--team TEAM_ID] [--json]
  station apps deactivate|activate --id APP_ID [--json]
  station invitations create --team TEAM_ID --email EMAIL [--role admin|operator|viewer] [--json]
  station invitations list --team TEAM_ID [--json]
  station invitations accept --token TOKEN_OR_LINK [--name NAME] [--json]   (the password on standard input)
  ${USERS_USAGE}
  ${PRINTERS_USAGE}
  ${BENCHES_USAGE}
  ${BACKUP_USAGE}
  ${RESTORE_USAGE}
  ${RETENTION_USAGE}

Every command takes --data-dir DIR (default: the app-data folder, or $STATION_DATA_DIR).`;

/** The headless entry point: `station <command> …`. Returns the exit code. */
export async function main(argv: string[], stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest);
      case 'login':
        return await loginCommand(rest);
      case 'teams':
        return await teamsCommand(rest[0], rest.slice(1));
      case 'keys':
        return await keysCommand(rest[0], rest.slice(1));
      case 'apps':
        return await appsCommand(rest[0], rest.slice(1));
      case 'invitations':
        return await invitationsCommand(rest[0], rest.slice(1), stdin);
      case 'users':
        return await usersCommand(rest[0], rest.slice(1));
      case 'printers':
        return await printersCommand(rest[0], rest.slice(1));
      case 'benches':
        return await benchesCommand(rest[0], rest.slice(1));
      case 'backup':
        return await backupCommand(rest);
      case 'restore':
        return await restoreCommand(rest);
      case 'retention':
        return await retentionCommand(rest);
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
    // A known failure (no such team, a database too new, a port in use) is a message, not a stack.
    if (error instanceof StationError || error instanceof DatabaseTooNewError || (error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
      process.stderr.write(`station: ${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  }
}
