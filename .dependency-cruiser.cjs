// The house's layers (docs/DESIGN's Layers; README, Layout), checked by `npm run lint`:
//   hosts (main/index.ts, main/electron/, core/cli/) → core/station.ts (the composition root)
//   → core/http/ and the API description (core/http/openapi/) → features → foundations.
// A rule's name is what a failing import is reported under.
const FOUNDATIONS = '^main/core/(db|threads|settings)/|^main/core/(logger|ids|events|json|text|repeat|errors|version|app-root|thread-entry|hash-secret|locale|validate)\\.ts$';
const FEATURES =
  '^main/core/(orders|teams|documents|printing|printers|links|webhooks|apps|keys|auth|mail|net|render|sandbox|backup|retention|health|admin|carrier-labels)/|^main/core/(hooks|activity-log|activity-log-store)\\.ts$';

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
      comment: 'db/, threads/, settings/, logger, ids, events… sit under every feature: they import none, nor HTTP, nor the root.',
      from: { path: FOUNDATIONS },
      to: { path: `${FEATURES}|^main/core/http/|^main/core/(station|cli)\\.ts$|^main/core/cli/` },
    },
    {
      name: 'features-import-no-api-description',
      severity: 'error',
      comment: 'The OpenAPI document sits above the features it describes.',
      from: { path: FEATURES },
      to: { path: '^main/core/http/openapi/' },
    },
    {
      name: 'features-import-http-only-in-routes',
      severity: 'error',
      comment: 'Services and stores throw StationError (core/errors.ts) and know no HTTP; only route files (routes.ts, *-routes.ts, the invitation page) import http/.',
      from: { path: FEATURES, pathNot: 'routes\\.ts$|/invitation-page\\.ts$' },
      to: { path: '^main/core/http/' },
    },
    {
      name: 'features-import-only-features-below',
      severity: 'error',
      comment:
        'Features stand in a fixed order (README, Layout). Orders know nothing of documents, printing or links (hooks.ts is how they meet); teams and carrier-labels sit under orders; the webhook outbox (webhooks/store.ts) is written in the transaction of any change.',
      from: { path: '^main/core/(orders|teams|carrier-labels|keys|mail|net|sandbox|apps)/' },
      to: { path: '^main/core/(documents|printing|printers|links|render|admin|retention|health|backup)/|^main/core/webhooks/(?!store\\.ts$)' },
    },
    {
      name: 'documents-import-no-render-or-printing',
      severity: 'error',
      comment: 'Documents define the renderer contract (documents/contract.ts); render/ and printing/ implement and use it from above.',
      from: { path: '^main/core/documents/' },
      to: { path: '^main/core/(render|printing|printers|admin)/' },
    },
    {
      name: 'core-imports-no-root-or-host',
      severity: 'error',
      comment: 'Only hosts import the composition root; the core never imports a host.',
      from: { path: '^main/core/', pathNot: '^main/core/(station|cli)\\.ts$|^main/core/cli/' },
      to: { path: '^main/core/(station|cli)\\.ts$|^main/core/cli/|^main/electron/|^main/index\\.ts$' },
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
