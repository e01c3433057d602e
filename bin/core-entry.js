// Which core `station` runs. `npm ci` builds the core into dist/station (`prepare`), which
// runs on plain Node: a TypeScript loader in the serving process would cost ~50 MB. A
// checkout whose core was edited after that build runs the TypeScript itself (through tsx),
// so `station` never runs stale code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The built entry when it is newer than every file of main/core under `root`, else null. */
export function builtCoreEntry(root) {
  const bundle = join(root, 'dist/station/cli.js');
  let built;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    return null;
  }
  for (const entry of readdirSync(join(root, 'main/core'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > built) return null;
  }
  return bundle;
}
