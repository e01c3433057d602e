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
  afterAll(async () => {
    process.env.CUPS_SERVER = NO_MACHINE_CUPS;
    current = undefined;
    await cupsd.dispose();
  });
  return cupsd;
}

/** The running file's own scheduler (see useTestCups). */
export function testCups(): PrivateCupsd {
  if (!current) throw new Error('this test file prints: call useTestCups() at its top');
  return current;
}

export type { KeptJob };
