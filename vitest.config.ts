import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module with `vi.mock` are named `*.isolated.test.ts`: they run each
 * in a module graph of its own. Every other file of a worker shares one (isolate: false), so
 * the station's modules load once per worker instead of once per file (3–4 s each on the
 * 2-core machine, a third of the suite's time): a test file must leave behind no state of
 * its own (env variables, fake timers, spies, servers), as every file here does.
 */
const ISOLATED = '**/*.isolated.test.{ts,tsx}';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // The run ends with its slowest files and its wall time against the 12-minute goal.
    reporters: ['default', './test/helpers/slowest-files-reporter.ts'],
    hookTimeout: 60_000,
    // Two workers on two cores: a third was measured no faster (17 min 18 s against 16 min 34 s)
    // and made every browser test slower, though two leave the cores 45% idle.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.{ts,tsx}'], exclude: ['test/renderer/**', '**/node_modules/**', ISOLATED], environment: 'node', isolate: false, setupFiles: ['test/helpers/cups/no-machine-cups.ts', 'test/helpers/file-cpu.ts'] },
      },
      {
        extends: true,
        test: { name: 'node-isolated', include: [ISOLATED], exclude: ['test/renderer/**', '**/node_modules/**'], environment: 'node', setupFiles: ['test/helpers/cups/no-machine-cups.ts', 'test/helpers/file-cpu.ts'] },
      },
      {
        // The dashboard's components in jsdom with Testing Library.
        extends: true,
        plugins: [react()],
        test: { name: 'renderer', include: ['test/renderer/**/*.test.{ts,tsx}'], environment: 'jsdom', isolate: false, setupFiles: ['test/helpers/cups/no-machine-cups.ts', 'test/helpers/file-cpu.ts', 'test/renderer/setup.ts'] },
      },
    ],
  },
});
