import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { takeBackup } from '../../../main/core/features/backup/backup';
import { openDatabase } from '../../../main/core/foundations/db/open';

const root = mkdtempSync(join(tmpdir(), 'station-backup-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o777;

it('a backup is private from its first byte under umask 022: the partial file SQLite writes into, and the finished file, are 0600', async () => {
  const dataDir = join(root, 'data');
  const db = openDatabase(dataDir);
  const file = join(root, 'backup.sqlite');
  const previous = process.umask(0o022);
  try {
    // The moment SQLite starts copying into the partial file: what mode does it have then?
    let modeWhenCopyStarted: number | undefined;
    const watched = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'backup') return Reflect.get(target, property, receiver);
        return (destination: string) => {
          modeWhenCopyStarted = mode(destination);
          return target.backup(destination);
        };
      },
    });
    await takeBackup(watched, dataDir, file);
    expect(modeWhenCopyStarted).toBe(0o600);
    expect(mode(file)).toBe(0o600);
  } finally {
    process.umask(previous);
    db.close();
  }
});
