import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests share CUPS queues and spawn stations; two cores do not gain from more workers.
    maxWorkers: 2,
  },
});
