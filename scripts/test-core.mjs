// The fast inner loop: every test file that starts no CUPS scheduler, no printer and no
// browser of its own (docs/contributing.md). Extra arguments go to vitest.
//   npm run test:core [-- vitest options]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// What marks a file as one for the full run: it prints, drives a browser, renders or reads a
// PDF (Chromium through the station's renderer), or starts station processes of its own
// (`station serve`, the dashboard tests' station, a child killed on purpose).
const HEAVY = new RegExp(
  [
    'useTestCups\\(', 'useAccessibilityStation\\(', 'PrivateCupsd', 'IppEverywherePrinter', 'launchChromium', 'openSignedInDashboard', 'kiosk-chromium', 'ChromiumPdfRenderer', 'printStation\\(', 'chromium',
    'pdfBarcodes', 'pdfText', 'pdfPages', "/pdf'",
    'serve\\(\\[', 'spawn\\(', 'execFile\\(process\\.execPath', 'stationForPage', 'startStationProcess',
  ].join('|'),
);

const listed = spawnSync('git', ['ls-files', 'test/**/*.test.ts', 'test/**/*.test.tsx'], { encoding: 'utf8' });
if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
const files = listed.stdout.split('\n').filter((file) => file && !HEAVY.test(readFileSync(file, 'utf8')));
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
