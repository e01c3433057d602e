/**
 * Every worker thread (and worker process) of the station: its TypeScript entry, by name. The one list: the Node
 * bundles build each as `<name>.js` beside the core (vite.config.ts), and `threadEntry`
 * finds it there, or runs the TypeScript through tsx in a checkout.
 */
export const THREAD_ENTRIES = {
  'render-worker': 'main/core/documents/render-worker.ts',
  'sandbox-worker': 'main/core/sandbox/worker.ts',
  'checkpoint-worker': 'main/core/db/checkpoint-worker.ts',
  'pdf-merge-worker': 'main/core/carrier-labels/pdf-merge-worker.ts',
  // A child process (process-client.ts), not a thread: it reads PDFs from outside under OS limits.
  'carrier-pdf-reader': 'main/core/carrier-labels/carrier-pdf-reader.ts',
  'zpl-png-worker': 'main/core/render/zpl-png-worker.ts',
} as const;

export type ThreadEntryName = keyof typeof THREAD_ENTRIES;
