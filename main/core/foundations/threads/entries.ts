/**
 * Every worker thread (and worker process) of the station: its TypeScript entry, by name. The one list: the Node
 * bundles build each as `<name>.js` beside the core (vite.config.ts), and `threadEntry`
 * finds it there, or runs the TypeScript through tsx in a checkout.
 */
export const THREAD_ENTRIES = {
  'render-worker': 'main/core/features/documents/render-worker.ts',
  'sandbox-worker': 'main/core/features/sandbox/worker.ts',
  'checkpoint-worker': 'main/core/foundations/db/checkpoint-worker.ts',
  'pdf-merge-worker': 'main/core/features/carrier-labels/pdf-merge-worker.ts',
  // A child process (process-client.ts), not a thread: it reads PDFs from outside under OS limits.
  'carrier-pdf-reader': 'main/core/features/carrier-labels/carrier-pdf-reader.ts',
  'zpl-png-worker': 'main/core/features/render/zpl-png-worker.ts',
} as const;

export type ThreadEntryName = keyof typeof THREAD_ENTRIES;
