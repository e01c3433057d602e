#!/usr/bin/env node
// The `station` command: the built core when it is current, else the TypeScript through
// tsx (core-entry.js says why).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtCoreEntry } from './core-entry.js';

const built = builtCoreEntry(fileURLToPath(new URL('..', import.meta.url)));
let main;
if (built) {
  ({ main } = await import(pathToFileURL(built).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../main/core/hosts/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
