import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { THREAD_ENTRIES, type ThreadEntryName } from './entries';

/**
 * Where a worker thread starts. A bundled host ships `<name>.js` beside the core (the code
 * of this module lands in a chunk there too). A checkout runs the same built file from
 * `dist/station` when that build is newer than every file of `main/core` (`npm ci` builds it:
 * `prepare`), as `bin/station.js` runs the built core: a thread that starts tsx spends ~0.3 s
 * of CPU compiling its imports, and a checkout's tests start hundreds. Otherwise it runs
 * `tsx-bootstrap.mjs`, which imports the TypeScript entry named in `threadSource`, so an
 * edited core never runs a stale thread. The names arrive as variables, so bundlers leave
 * the URLs alone.
 */
export function threadEntry(name: ThreadEntryName): { url: URL; threadSource?: string } {
  const bundled = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { url: bundled };
  const repositoryRoot = new URL('../../../../', import.meta.url);
  const built = new URL(`dist/station/${name}.js`, repositoryRoot);
  if (isCurrentBuild(fileURLToPath(built), fileURLToPath(new URL('main/core', repositoryRoot)))) return { url: built };
  return { url: new URL('./tsx-bootstrap.mjs', import.meta.url), threadSource: new URL(THREAD_ENTRIES[name], repositoryRoot).href };
}

/** Whether `built` exists and is newer than every file under `sources` (a few ms: one stat per source file). */
function isCurrentBuild(built: string, sources: string): boolean {
  let builtAt: number;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    return false;
  }
  for (const entry of readdirSync(sources, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt) return false;
  }
  return true;
}
