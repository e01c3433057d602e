import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { PrivateCupsd, type KeptJob } from './private-cupsd';

/**
 * Where the machine's CUPS would be, while a test file has not asked for a scheduler of its
 * own: a socket that does not exist. Every CUPS tool (`lp`, `lpstat`, `ipptool`) a test or a
 * station under test runs then finds no scheduler, instead of the person's printers.
 * (vitest.config.ts sets it for every test file through no-machine-cups.ts.)
 */
export const NO_MACHINE_CUPS = '/nonexistent/station-tests-use-their-own-cups.sock';

let current: PrivateCupsd | undefined;

/**
 * This test file's own CUPS: a private scheduler with the suite's queues (PDF, PAUSABLE,
 * TRAYS, LABEL4x6; no default printer), started before the file's other `beforeAll` hooks
 * and stopped after its tests. `CUPS_SERVER` points at it meanwhile, so the stations the file
 * starts (in process or as child processes), Chromium and the CUPS tools all print there.
 * Call it at the top of the file, before the hooks that start stations.
 */
export function useTestCups(): PrivateCupsd {
  const cupsd = new PrivateCupsd();
  beforeAll(async () => {
    await cupsd.start();
    cupsd.addStandardQueues();
    process.env.CUPS_SERVER = cupsd.server;
    current = cupsd;
  });
  // vitest passes the file's suite second (the first argument is its fixtures, none here).
  // eslint-disable-next-line no-empty-pattern
  afterAll(async ({}, file) => {
    process.env.CUPS_SERVER = NO_MACHINE_CUPS;
    current = undefined;
    // The scheduler's log goes with its folder: a file with a failed test prints its end first,
    // so what CUPS did (a backend retrying, a job stopped) is read where the failure is.
    if (hasFailure(file)) console.error(`the end of this file's CUPS error_log:\n${logTail(join(cupsd.dir, 'log', 'error_log'))}`);
    await cupsd.dispose();
  });
  return cupsd;
}

interface TaskResult {
  result?: { state?: string };
  tasks?: TaskResult[];
}

/** Whether any test under a suite failed. */
const hasFailure = (task: TaskResult): boolean => task.result?.state === 'fail' || (task.tasks ?? []).some(hasFailure);

/** The last lines of a log file, or why there are none. */
function logTail(file: string, lines = 40): string {
  if (!existsSync(file)) return '(no log written)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** The running file's own scheduler (see useTestCups). */
export function testCups(): PrivateCupsd {
  if (!current) throw new Error('this test file prints: call useTestCups() at its top');
  return current;
}

export type { KeptJob };
