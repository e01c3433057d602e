import { builtinModules } from 'node:module';
import { cpSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
// The Node bundles (the station command and Electron) keep node_modules and Node's own modules external: they ship as-is
// (better-sqlite3 is a native module rebuilt for Electron by electron-builder).
const external = [
  'electron',
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
  ...Object.keys(pkg.dependencies),
].map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/.*)?$`));

/**
 * A Node bundle of the core: `entry` plus the entries of the threads written in TypeScript
 * (the link sandbox's, which sandbox.ts looks for as `sandbox-worker.js` beside the bundle,
 * and the document render thread's, `render-worker.js`), with the SQL migrations and the threads
 * written in plain JavaScript (the ZPL preview, the WAL checkpoints) copied beside it, where
 * the core looks for them.
 */
function coreBundle(outDir: string, entry: Record<string, string>): UserConfig {
  return {
    build: {
      ssr: true,
      target: 'node20',
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: { ...entry, 'sandbox-worker': resolve('main/core/sandbox/worker.ts'), 'render-worker': resolve('main/core/documents/render-worker.ts') },
        external,
        // Chunks sit beside the entries, not in assets/: the core finds its migrations and
        // workers relative to its own module (import.meta.url), whichever chunk that lands in.
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
    plugins: [
      {
        name: 'copy-migrations-and-plain-workers',
        writeBundle() {
          cpSync('main/core/db/migrations', `${outDir}/migrations`, { recursive: true });
          cpSync('main/core/render/zpl-png-worker.mjs', `${outDir}/zpl-png-worker.mjs`);
          cpSync('main/core/db/checkpoint-worker.mjs', `${outDir}/checkpoint-worker.mjs`);
          cpSync('main/core/carrier-labels/carrier-pdf-worker.mjs', `${outDir}/carrier-pdf-worker.mjs`);
        },
      },
    ],
  };
}

/**
 * Four builds from one file:
 * - default: the dashboard (React) into dist/renderer, served by the station at `/`;
 * - `--mode station`: the headless core (main/core/cli.ts) into dist/station, which
 *   bin/station.js runs with plain Node: no TypeScript loader in the serving process
 *   (tsx's loader alone holds ~50 MB);
 * - `--mode electron-main`: main/index.ts into dist-electron/main (ESM);
 * - `--mode electron-preload`: preload/index.ts into dist-electron/preload (CommonJS, as
 *   sandboxed preloads must be).
 */
export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'station') return coreBundle('dist/station', { cli: resolve('main/core/cli.ts') });
  if (mode === 'electron-main') return coreBundle('dist-electron/main', { index: resolve('main/index.ts') });
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
