/** A run that failed without catching is tried again this much later. */
const AFTER_ESCAPED_FAILURE_MS = 60 * 60 * 1000;

/**
 * Background upkeep (daily backups, retention sweeps): runs `work` after `firstDelayMs`, then
 * again after the delay each run returns, until stopped. The timers never keep a stopping
 * process alive, and `stop` waits for a run in flight (the database closes after it).
 */
export function repeat(work: () => Promise<number>, firstDelayMs: number): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      // Each `work` catches and logs its own failures; should one still escape, try again in an hour.
      running = work().then(schedule, () => schedule(AFTER_ESCAPED_FAILURE_MS)).finally(() => (running = undefined));
    }, Math.max(0, delayMs));
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
