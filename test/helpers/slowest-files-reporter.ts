import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** What the whole run should take on the 2-core machine (docs/contributing.md): past it, the run says so. */
const GOAL_MS = 12 * 60_000;
/** No file alone should take longer than this: a file past it is named. */
const FILE_GOAL_MS = 90_000;
const SHOWN = 15;

/**
 * Ends each run with its 15 slowest test files (import, setup and tests) and the run's wall
 * time, and says plainly when the run passed its 12 minutes or a file its 90 s: a warning,
 * not a failure (speed is a benchmark's business), so the time cannot creep back unnoticed.
 * Every file's time is written to `test-results/file-times.json`.
 */
export default class SlowestFilesReporter implements Reporter {
  private startedAt = 0;
  /** When each file started and ended, and the machine's CPU use each second: where the cores idled. */
  private readonly spans = new Map<string, { startMs: number; endMs?: number }>();
  private readonly cpu: Array<{ atMs: number; busy: number }> = [];
  private sampler: NodeJS.Timeout | undefined;

  onTestRunStart(): void {
    this.startedAt = Date.now();
    let last = cpuTimes();
    this.sampler = setInterval(() => {
      const now = cpuTimes();
      const total = now.total - last.total;
      if (total > 0) this.cpu.push({ atMs: Date.now() - this.startedAt, busy: Math.round((1 - (now.idle - last.idle) / total) * 100) / 100 });
      last = now;
    }, 1000);
    this.sampler.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.spans.set(module.moduleId, { startMs: Date.now() - this.startedAt });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.moduleId);
    if (span) span.endMs = Date.now() - this.startedAt;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    clearInterval(this.sampler);
    const wallMs = Date.now() - this.startedAt;
    const timed = modules
      .map((module) => {
        const d = module.diagnostic();
        // Where a file's time goes: its slowest tests (hooks are the rest of `ms`).
        const tests = [...module.children.allTests()]
          .map((test) => ({ name: test.fullName, ms: Math.round(test.diagnostic()?.duration ?? 0) }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5);
        const span = this.spans.get(module.moduleId);
        // The machine's mean CPU use while the file ran (1: both cores busy), to find files that mostly wait.
        const during = span ? this.cpu.filter((sample) => sample.atMs >= span.startMs && sample.atMs <= (span.endMs ?? wallMs)) : [];
        const machineBusy = during.length ? Math.round((during.reduce((sum, sample) => sum + sample.busy, 0) / during.length) * 100) / 100 : null;
        // The CPU it burned, its worker's and every process it started (file-cpu.ts).
        const cpuMs = module.meta().cpuMs ?? null;
        return { file: module.moduleId.replace(`${process.cwd()}/`, ''), ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration, cpuMs, collectMs: Math.round(d.collectDuration), startMs: span?.startMs, endMs: span?.endMs, machineBusy, tests };
      })
      .sort((a, b) => b.ms - a.ms);
    // Every file's time, for whoever plans where the suite's minutes go (not kept in git).
    mkdirSync('test-results', { recursive: true });
    const meanBusy = this.cpu.length ? Math.round((this.cpu.reduce((sum, sample) => sum + sample.busy, 0) / this.cpu.length) * 100) / 100 : null;
    writeFileSync('test-results/file-times.json', `${JSON.stringify({ wallMs, meanBusy, files: timed, cpu: this.cpu }, null, 1)}\n`);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = ['', `The ${Math.min(SHOWN, timed.length)} slowest test files:`];
    for (const { file, ms } of timed.slice(0, SHOWN)) lines.push(`  ${seconds(ms).padStart(8)}  ${file}${ms > FILE_GOAL_MS ? '   (over 90 s alone)' : ''}`);
    const costly = timed.filter((entry) => entry.cpuMs !== null).sort((a, b) => b.cpuMs! - a.cpuMs!);
    if (costly.length) {
      const totalCpuMs = costly.reduce((sum, entry) => sum + entry.cpuMs!, 0);
      lines.push(`The ${Math.min(SHOWN, costly.length)} test files that cost the most CPU (with all they started; ${seconds(totalCpuMs)} in all):`);
      for (const { file, cpuMs } of costly.slice(0, SHOWN)) lines.push(`  ${seconds(cpuMs!).padStart(8)}  ${file}`);
    }
    lines.push(`The whole run took ${Math.floor(wallMs / 60_000)} min ${Math.round((wallMs % 60_000) / 1000)} s (goal: 12 min on the 2-core machine).`);
    if (wallMs > GOAL_MS) lines.push('WARNING: the suite took longer than 12 minutes: see the slowest files above (docs/contributing.md, How long the suite takes).');
    const over = timed.filter(({ ms }) => ms > FILE_GOAL_MS).length;
    if (over > 0) lines.push(`WARNING: ${over} file(s) took longer than 90 s alone.`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

/** The machine's CPU time so far, all cores (/proc/stat's first line): total and idle (idle + iowait). */
function cpuTimes(): { total: number; idle: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
  } catch {
    return { total: 0, idle: 0 };
  }
}
