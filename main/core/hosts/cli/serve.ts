import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError, commonOptions, defaultDataDir, parse } from './args';
import { createStationServer } from '../../http/server';
import { createFirstTeamIfNone } from './first-run';
import { cupsServerSchema } from '../../features/printers/print-server';

/** How long requests in flight get to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;

export const SERVE_USAGE = 'station serve [--data-dir DIR] [--host 127.0.0.1] [--port 5717] [--no-auto-print] [--no-render-ahead] [--print-cache-mb 512] [--cups-server HOST:PORT] [--quiet]';

/** Runs the headless station until SIGTERM or SIGINT. */
export async function serve(argv: string[]): Promise<number> {
  const args = parse(argv, {
    ...commonOptions,
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '5717' },
    'no-auto-print': { type: 'boolean', default: false },
    'no-render-ahead': { type: 'boolean', default: false },
    'print-cache-mb': { type: 'string', default: '512' },
    'cups-server': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  });
  const printCacheMb = Number(args['print-cache-mb']);
  if (!Number.isFinite(printCacheMb) || printCacheMb < 0 || printCacheMb > 1_048_576) throw new UsageError('--print-cache-mb takes a number of megabytes from 0 to 1048576');
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port takes a number from 0 to 65535');
  const dataDir = args['data-dir'] ?? defaultDataDir();
  const cupsServer = args['cups-server'] === undefined ? undefined : cupsServerSchema.safeParse(args['cups-server']);
  if (cupsServer && !cupsServer.success) throw new UsageError(`--cups-server takes a host, host:port or socket path (e.g. print-server.local:631): ${cupsServer.error.issues[0]!.message}`);

  // Loaded after the arguments are checked: a usage error answers at once.
  const { createStation } = await import('../../station');
  const station = createStation({
    dataDir,
    background: true,
    autoPrint: !args['no-auto-print'],
    renderAhead: !args['no-render-ahead'],
    printCacheBytes: Math.round(printCacheMb * 2 ** 20),
    cupsServer: cupsServer?.data,
    // The terminal tells the story (orders, print requests, jobs, printers) unless --quiet.
    logLines: !args.quiet,
  });
  const firstRun = createFirstTeamIfNone(station);
  const server = createStationServer(station.app);
  server.keepAliveTimeout = 5_000;

  // The handlers go in before anything is announced: a supervisor may signal as soon as it
  // reads the "listening on" line, and an unhandled SIGTERM would kill the process mid-write.
  let stopping = false;
  const stopped = new Promise<number>((resolve) => {
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`${signal}: finishing requests in flight and closing the database\n`);
      station.events.emit('closing');
      // close() stops accepting and waits for in-flight requests. Keep-alive sockets go as
      // soon as they are idle (a busy client must not keep the station up), and whatever is
      // still open after the grace period is cut.
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.on('request', (_req, res: ServerResponse) => res.setHeader('Connection', 'close'));
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const cut = setTimeout(() => {
        server.getConnections((_error, count) => {
          process.stdout.write(`the grace period of ${SHUTDOWN_GRACE_MS / 1000} s is over: cutting ${count} connection${count === 1 ? '' : 's'} still open\n`);
          server.closeAllConnections();
        });
      }, SHUTDOWN_GRACE_MS);
      await closed;
      clearInterval(sweep);
      clearTimeout(cut);
      await station.close();
      resolve(0);
    };
    // `on`, not `once`: signal-exit (loaded by dependencies) re-raises a signal that has no
    // other listener left at the moment it fires, which kills the process mid-shutdown.
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
    // Under `npm run serve`, a SIGTERM sent to npm ends npm and its shell but never reaches
    // this process, which would live on orphaned, holding the port. Started by one of our
    // npm scripts (not merely by something that runs under npm, like tests), the station
    // stops as cleanly as on SIGTERM once its parent is gone (the OS re-parents it).
    if (/\bbin\/station\.js\b/.test(process.env.npm_lifecycle_script ?? '')) {
      const parent = process.ppid;
      setInterval(() => {
        if (process.ppid !== parent) void stop('parent exited');
      }, 500).unref();
    }
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, args.host, resolve);
    });
  } catch (error) {
    await station.close();
    throw error;
  }
  if (stopping) return stopped;
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  station.onListening?.(url);
  // A one-time link (valid 15 minutes): opening it signs that browser in to the dashboard.
  const loginLink = `${url}/#login=${station.services.adminSessions.createLoginToken()}`;
  // One write for the whole announcement: to a pipe, separate writes may arrive as separate
  // reads, and whoever waits for the "listening on" line should find the rest beside it.
  const lines = [`Order Print Station listening on ${url} (data: ${dataDir})`, `dashboard: ${loginLink}`];
  if (firstRun) {
    lines.push(`first run: created the team "${firstRun.teamName}" (${firstRun.teamId}) and its API key, shown this once (only its hash is kept):`);
    lines.push(`API key: ${firstRun.secret}`);
  }
  if (cupsServer?.data) lines.push(`printing through the CUPS server at ${cupsServer.data} (--cups-server)`);
  if (args['no-auto-print']) lines.push('automatic printing is paused (--no-auto-print): new orders wait in ready');
  process.stdout.write(`${lines.join('\n')}\n`);
  return stopped;
}
