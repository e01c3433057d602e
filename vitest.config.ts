import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // The run ends with its slowest files and its wall time against the 12-minute goal.
    reporters: ['default', './test/helpers/slowest-files-reporter.ts'],
    hookTimeout: 60_000,
    // Tests spawn stations, schedulers and browsers; two cores do not gain from more workers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.{ts,tsx}'], exclude: ['test/renderer/**', '**/node_modules/**'], environment: 'node', setupFiles: ['test/helpers/cups/no-machine-cups.ts'] },
      },
      {
        // The dashboard's components in jsdom with Testing Library.
        extends: true,
        plugins: [react()],
        test: { name: 'renderer', include: ['test/renderer/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['test/helpers/cups/no-machine-cups.ts', 'test/renderer/setup.ts'] },
      },
    ],
  },
});
