/**
 * Every worker thread of the station: its TypeScript entry, by name. The one list: the Node
 * bundles build each as `<name>.js` beside the core (vite.config.ts), and `threadEntry`
 * finds it there, or runs the TypeScript through tsx in a checkout.
 */
export const THREAD_ENTRIES = {
  'render-worker': 'main/core/documents/render-worker.ts',
  'sandbox-worker': 'main/core/sandbox/worker.ts',
  'checkpoint-worker': 'main/core/db/checkpoint-worker.ts',
  'carrier-pdf-worker': 'main/core/carrier-labels/carrier-pdf-worker.ts',
  'zpl-png-worker': 'main/core/render/zpl-png-worker.ts',
} as const;

export type ThreadEntryName = keyof typeof THREAD_ENTRIES;
