import { builtinModules } from 'node:module';
import { cpSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { THREAD_ENTRIES } from './main/core/foundations/threads/entries';

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
 * A Node bundle of the core: `entry` plus every worker thread's entry (threads/entries.ts,
 * the one list), each as `<name>.js` beside the bundle where the core looks for it, with the
 * SQL migrations copied beside it.
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
        input: { ...entry, ...Object.fromEntries(Object.entries(THREAD_ENTRIES).map(([name, source]) => [name, resolve(source)])) },
        external,
        // Chunks sit beside the entries, not in assets/: the core finds its migrations and
        // workers relative to its own module (import.meta.url), whichever chunk that lands in.
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
    plugins: [
      {
        name: 'copy-migrations',
        writeBundle() {
          cpSync('main/core/foundations/db/migrations', `${outDir}/migrations`, { recursive: true });
        },
      },
    ],
  };
}

/**
 * Four builds from one file:
 * - default: the dashboard (React) into dist/renderer, served by the station at `/`;
 * - `--mode station`: the headless core (main/core/hosts/cli.ts) into dist/station, which
 *   bin/station.js runs with plain Node: no TypeScript loader in the serving process
 *   (tsx's loader alone holds ~50 MB);
 * - `--mode electron-main`: main/index.ts into dist-electron/main (ESM);
 * - `--mode electron-preload`: preload/index.ts into dist-electron/preload (CommonJS, as
 *   sandboxed preloads must be).
 */
export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'station') return coreBundle('dist/station', { cli: resolve('main/core/hosts/cli.ts') });
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
