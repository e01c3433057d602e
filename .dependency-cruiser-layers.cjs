// The house's tiers as lists of real folders and files: .dependency-cruiser.cjs builds its
// rules from them, and test/core/layers checks that every name here exists, so no rule can
// name a path that is gone (and so never fail).

/** Foundations: under every feature. */
const FOUNDATION_FOLDERS = ['db', 'threads', 'settings'];
const FOUNDATION_FILES = ['actor', 'answer-pieces', 'logger', 'ids', 'events', 'json', 'text', 'repeat', 'errors', 'version', 'app-root', 'hash-secret', 'locale', 'validate', 'ignored-fields', 'normalise-after-parse', 'zod-defs', 'turns', 'secret-throttle', 'admin-operation'];

/** Features: the station's capabilities. */
const FEATURE_FOLDERS = ['orders', 'teams', 'people', 'documents', 'printing', 'printers', 'links', 'webhooks', 'apps', 'keys', 'auth', 'mail', 'net', 'render', 'sandbox', 'backup', 'retention', 'health', 'admin', 'carrier-labels', 'sessions', 'new-orders'];
const FEATURE_FILES = ['hooks', 'log-lines', 'log-lines-store'];

/**
 * The features in their order, lowest first: each imports only features before it in this
 * list (a feature folder, or a loose file by its name). Lowest are the ones with no feature
 * under them; teams and the keys, sessions and API-key auth that rest on them come before
 * orders; orders know nothing of documents, printing or links (hooks.ts is how they meet);
 * documents define the renderer contract that render/ and printing/ implement and use from
 * above; the admin views over every feature come last.
 */
const FEATURE_ORDER = [
  'mail', 'net', 'sandbox', 'carrier-labels',
  'teams', 'keys', 'sessions', 'auth', 'apps',
  'webhooks', 'orders', 'hooks', 'new-orders', 'backup', 'people', 'links',
  'documents', 'render', 'printers', 'printing',
  'log-lines-store', 'log-lines', 'retention', 'health', 'admin',
];

/** The modules of the core the dashboard (renderer/) may import: pure, with nothing of the station's state. */
const SHARED_WITH_RENDERER = ['main/core/features/printing/jobs/job-words.ts', 'main/core/features/printing/requests/request-state.ts', 'main/core/features/admin/scanned-code.ts'];

const alternatives = (names) => names.map((name) => name.replace(/[.-]/g, (c) => `\\${c}`)).join('|');
/** Each tier is a folder of main/core/: foundations/, features/ (http/, hosts/ and station.ts are named in the rules). */
const FOUNDATIONS_DIR = 'main/core/foundations';
const FEATURES_DIR = 'main/core/features';
const folders = (dir, names) => `^${dir}/(${alternatives(names)})/`;
const files = (dir, names) => `^${dir}/(${alternatives(names)})\\.ts$`;
/** A feature's folder or loose file (`hooks` is features/hooks.ts). */
const featurePath = (names) => `^${FEATURES_DIR}/(${alternatives(names)})(/|\\.ts$)`;

module.exports = {
  FOUNDATION_FOLDERS,
  FOUNDATION_FILES,
  FEATURE_FOLDERS,
  FEATURE_FILES,
  FEATURE_ORDER,
  SHARED_WITH_RENDERER,
  FOUNDATIONS_DIR,
  FEATURES_DIR,
  FOUNDATIONS: `${folders(FOUNDATIONS_DIR, FOUNDATION_FOLDERS)}|${files(FOUNDATIONS_DIR, FOUNDATION_FILES)}`,
  FEATURES: `${folders(FEATURES_DIR, FEATURE_FOLDERS)}|${files(FEATURES_DIR, FEATURE_FILES)}`,
  /** For each feature, the paths of the features above it: `{ name, path, above }`, `path` and `above` as patterns. */
  FEATURES_ABOVE: FEATURE_ORDER.slice(0, -1).map((name, at) => ({
    name,
    path: featurePath([name]),
    above: featurePath(FEATURE_ORDER.slice(at + 1)),
  })),
  SHARED: SHARED_WITH_RENDERER.map((path) => `^${path.replace(/[.-]/g, (c) => `\\${c}`)}$`).join('|'),
};
