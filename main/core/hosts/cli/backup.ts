import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataDirInUseError, NotARestorableBackupError, restoreBackup, takeBackup } from '../../features/backup/backup';
import { UsageError, commonOptions, defaultDataDir, output, parse, required } from './args';
import { withStation } from './with-station';

export const BACKUP_USAGE = 'station backup --to FILE [--data-dir DIR] [--json]   (a consistent copy, also while the station serves)';
export const RESTORE_USAGE = 'station restore --from FILE [--data-dir DIR] [--force] [--json]   (stop the station first; --force replaces a database)';

export async function backupCommand(argv: string[]): Promise<number> {
  const args = parse(argv, { ...commonOptions, to: { type: 'string' } });
  const to = resolve(required(args.to, '--to'));
  if (existsSync(to)) throw new UsageError(`${to} exists; choose a new file name`);
  const dataDir = args['data-dir'] ?? defaultDataDir();
  if (!existsSync(resolve(dataDir, 'station.db'))) throw new UsageError(`${dataDir} has no station database to back up`);
  return withStation(dataDir, async (station) => {
    const facts = await takeBackup(station.db, station.dataDir, to);
    output(args.json, { file: to, ...facts }, () => `backed up ${facts.orders} orders (schema ${facts.schemaVersion}, ${facts.stationVersion}) to ${to}`);
    return 0;
  });
}

export async function restoreCommand(argv: string[]): Promise<number> {
  const args = parse(argv, { ...commonOptions, from: { type: 'string' }, force: { type: 'boolean', default: false } });
  const from = resolve(required(args.from, '--from'));
  const dataDir = resolve(args['data-dir'] ?? defaultDataDir());
  try {
    const restored = restoreBackup(from, dataDir, { force: args.force });
    // Opening it brings an older backup up to this code's schema now, not at the next start.
    await withStation(dataDir, () => undefined);
    output(args.json, { dataDir, ...restored }, () =>
      [`restored ${restored.orders} orders from ${from} (taken ${restored.takenAt} by ${restored.stationVersion}) into ${dataDir}`, ...(restored.keptAside ? [`the database that was there is kept as ${restored.keptAside}`] : [])].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof NotARestorableBackupError || error instanceof DataDirInUseError) {
      process.stderr.write(`station: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
