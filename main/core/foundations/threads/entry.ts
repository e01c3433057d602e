import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { THREAD_ENTRIES, type ThreadEntryName } from './entries';

/**
 * Where a worker thread starts. A bundled host ships `<name>.js` beside the core (the code
 * of this module lands in a chunk there too); a checkout runs `tsx-bootstrap.mjs`, which
 * imports the TypeScript entry named in `threadSource`. The names arrive as variables, so
 * bundlers leave the URLs alone.
 */
export function threadEntry(name: ThreadEntryName): { url: URL; threadSource?: string } {
  const bundled = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { url: bundled };
  const repositoryRoot = new URL('../../../../', import.meta.url);
  return { url: new URL('./tsx-bootstrap.mjs', import.meta.url), threadSource: new URL(THREAD_ENTRIES[name], repositoryRoot).href };
}
