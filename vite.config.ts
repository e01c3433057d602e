import { builtinModules } from 'node:module';
import { cpSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
// The Electron bundles keep node_modules and Node's own modules external: they ship as-is
// (better-sqlite3 is a native module rebuilt for Electron by electron-builder).
const external = [
  'electron',
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
  ...Object.keys(pkg.dependencies),
].map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/.*)?$`));

/**
 * Three builds from one file:
 * - default: the dashboard (React) into dist/renderer, served by the station at `/`;
 * - `--mode electron-main`: main/index.ts into dist-electron/main (ESM), with the SQL
 *   migrations copied beside it, where the core's migration runner looks for them, and
 *   the link sandbox's worker entry;
 * - `--mode electron-preload`: preload/index.ts into dist-electron/preload (CommonJS, as
 *   sandboxed preloads must be).
 */
export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'electron-main') {
    return {
      build: {
        ssr: true,
        target: 'node20',
        outDir: 'dist-electron/main',
        emptyOutDir: true,
        minify: false,
        sourcemap: true,
        rollupOptions: {
          // The link sandbox runs QuickJS on a worker thread; sandbox.ts looks for its entry
          // as `sandbox-worker.js` beside the bundle.
          input: { index: resolve('main/index.ts'), 'sandbox-worker': resolve('main/core/sandbox/worker.ts') },
          external,
          output: { format: 'es', entryFileNames: '[name].js' },
        },
      },
      plugins: [
        {
          name: 'copy-migrations-and-zpl-worker',
          writeBundle() {
            cpSync('main/core/db/migrations', 'dist-electron/main/migrations', { recursive: true });
            // The ZPL preview thread is plain JavaScript, found beside the bundle (render/zpl-png.ts).
            cpSync('main/core/render/zpl-png-worker.mjs', 'dist-electron/main/zpl-png-worker.mjs');
          },
        },
      ],
    };
  }
  if (mode === 'electron-preload') {
    return {
      build: {
        ssr: true,
        target: 'node20',
        outDir: 'dist-electron/preload',
        emptyOutDir: true,
        minify: false,
        rollupOptions: { input: resolve('preload/index.ts'), external, output: { format: 'cjs', entryFileNames: 'index.cjs' } },
      },
    };
  }
  return {
    root: 'renderer',
    base: '/',
    plugins: [react()],
    build: { outDir: '../dist/renderer', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1000 },
    // `vite` alone serves the dashboard with hot reload against a station on port 5717.
    server: {
      proxy: {
        '/admin/api': { target: 'http://127.0.0.1:5717', changeOrigin: false },
        '/api': { target: 'http://127.0.0.1:5717', changeOrigin: false },
      },
    },
  };
});
