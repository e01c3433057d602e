import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The entry file of a worker thread written in TypeScript, beside the module at `base`
 * (its `import.meta.url`): a bundled host ships `<bundled>` (the thread's module built as
 * its own entry, vite.config.ts), a checkout runs `<bootstrap>`, which registers tsx and
 * imports the TypeScript. The names arrive as variables, so bundlers leave the URLs alone.
 */
export function threadEntry(base: string, bundled: string, bootstrap: string): URL {
  const urls = [bundled, bootstrap].map((name) => new URL(`./${name}`, base));
  return urls.find((url) => existsSync(fileURLToPath(url))) ?? urls[1]!;
}
