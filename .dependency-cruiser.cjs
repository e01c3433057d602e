// The house's layers (docs/architecture.md), checked by `npm run lint`; the tiers' folders
// and files are listed in .dependency-cruiser-layers.cjs:
//   hosts (main/index.ts, main/electron/, core/cli/) → core/station.ts (the composition root)
//   → core/http/ and the API description (core/http/openapi/) → features → foundations.
// A rule's name is what a failing import is reported under.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config, as dependency-cruiser loads it
const { FOUNDATIONS, FEATURES, FEATURES_ABOVE, SHARED } = require('./.dependency-cruiser-layers.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Files that import each other in a loop: move the shared type or helper to the room that owns it.',
      from: { path: '^main/' },
      to: { circular: true },
    },
    {
      name: 'foundations-import-no-feature',
      severity: 'error',
      comment: 'foundations/ (db, threads, settings, logger, ids, events…) sits under every feature: it imports none, nor HTTP, nor the root, nor a host.',
      from: { path: FOUNDATIONS },
      to: { path: `${FEATURES}|^main/core/http/|^main/core/station(\\.ts$|/)|^main/core/hosts/` },
    },
    {
      name: 'features-import-no-http',
      severity: 'error',
      comment:
        'http/ (the Koa edge, the API descriptions, the dashboard guard) sits above the features it serves and describes: features throw StationError (foundations/errors.ts, which also maps a kind to its status) and their route files take Koa types from koa itself.',
      from: { path: FEATURES },
      to: { path: '^main/core/http/' },
    },
    // One rule a feature, each under the same name: a feature imports no feature above it in
    // FEATURE_ORDER (.dependency-cruiser-layers.cjs says the order and why).
    ...FEATURES_ABOVE.map(({ name, path, above }) => ({
      name: 'features-import-only-features-below',
      severity: 'error',
      comment: `${name} imports only the features before it in FEATURE_ORDER (.dependency-cruiser-layers.cjs): move what both need down, or fire a hook (hooks.ts).`,
      from: { path },
      to: { path: above },
    })),
    {
      name: 'core-imports-no-root-or-host',
      severity: 'error',
      comment: 'Only hosts import the composition root (station.ts and its parts in station/); the core never imports a host.',
      from: { path: '^main/core/', pathNot: '^main/core/station(\\.ts$|/)|^main/core/hosts/' },
      to: { path: '^main/core/station(\\.ts$|/)|^main/core/hosts/|^main/electron/|^main/index\\.ts$' },
    },
    {
      name: 'renderer-imports-only-shared-core',
      severity: 'error',
      comment:
        'The dashboard reads the station through its API: from main/ it imports only the pure modules named in .dependency-cruiser-layers.cjs (the answer types of the dashboard API, the words jobs share).',
      from: { path: '^renderer/' },
      to: { path: '^main/', pathNot: SHARED },
    },
    {
      name: 'preload-imports-no-core',
      severity: 'error',
      comment: 'The window bridge passes messages; it imports nothing of the core (the renderer types it from renderer/app/bridge.ts).',
      from: { path: '^preload/' },
      to: { path: '^main/' },
    },
    {
      name: 'core-imports-no-renderer',
      severity: 'error',
      comment: 'The station knows nothing of its dashboard but the files it serves.',
      from: { path: '^main/' },
      to: { path: '^renderer/|^preload/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(mjs|sql|json)$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
