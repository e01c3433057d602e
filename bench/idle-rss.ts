// Memory of a headless station at rest: `station serve` as the README starts it (no
// Chromium until something prints, the core built into dist/station as `npm ci` leaves it),
// 30 s after it listens, beside the floor of a bare Koa server on plain Node.
//   node --import tsx bench/idle-rss.ts
// Linux: resident set size (VmRSS) and its peak (VmHWM) from /proc.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const IDLE_SECONDS = 30;
const root = fileURLToPath(new URL('..', import.meta.url));

function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening on http/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${out}`)));
  });
}

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// Built here too, so a checkout with edited sources measures them rather than tsx's loader
// (bin/station.js falls back to it when the build is older than the sources).
const build = spawnSync('npm', ['run', '--silent', 'build:station'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build:station failed');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-idle-'));
const station = spawn(process.execPath, [join(root, 'bin/station.js'), 'serve', '--data-dir', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const floor = spawn(process.execPath, [join(root, 'bench/bare-koa-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  await Promise.all([started(station), started(floor)]);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const s = memoryOf(station.pid!);
  const f = memoryOf(floor.pid!);
  console.log(`after ${IDLE_SECONDS} s idle (RSS, peak since start)`);
  console.log(`bare Koa server (floor)     ${f.rss.toFixed(0).padStart(5)} MB   peak ${f.peak.toFixed(0).padStart(5)} MB`);
  console.log(`station serve, headless     ${s.rss.toFixed(0).padStart(5)} MB   peak ${s.peak.toFixed(0).padStart(5)} MB   ratio ${(s.rss / f.rss).toFixed(2)} / floor (goal ≤ 120 MB)`);
} finally {
  await Promise.all([stop(station), stop(floor)]);
  rmSync(dataDir, { recursive: true, force: true });
}
