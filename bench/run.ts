// Runs every benchmark in turn, each in its own Node process (a fresh heap and JIT):
//   npm run bench
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHES = [
  'links-sandbox.ts',
  'ingest.ts',
  'wal-soak.ts',
  'outside-bytes.ts',
  'csv-import.ts',
  'render.ts',
  'print.ts',
  'printers-beyond.ts',
  'floor.ts',
  'dashboard-orders.ts',
  'people.ts',
  'sign-in-under-attack.ts',
  'idle-rss.ts',
];

const here = dirname(fileURLToPath(import.meta.url));
let failed = 0;
for (const bench of BENCHES) {
  console.log(`\n== ${bench}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, bench)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
