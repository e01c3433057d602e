// The house's tiers as lists of real folders and files: .dependency-cruiser.cjs builds its
// rules from them, and test/core/layers checks that every name here exists, so no rule can
// name a path that is gone (and so never fail).

/** Foundations: under every feature. */
const FOUNDATION_FOLDERS = ['db', 'threads', 'settings'];
const FOUNDATION_FILES = ['actor', 'logger', 'ids', 'events', 'json', 'text', 'repeat', 'errors', 'version', 'app-root', 'hash-secret', 'locale', 'validate', 'ignored-fields', 'turns', 'secret-throttle'];

/** Features: the station's capabilities. */
const FEATURE_FOLDERS = ['orders', 'teams', 'people', 'documents', 'printing', 'printers', 'links', 'webhooks', 'apps', 'keys', 'auth', 'mail', 'net', 'render', 'sandbox', 'backup', 'retention', 'health', 'admin', 'carrier-labels', 'sessions', 'new-orders'];
const FEATURE_FILES = ['hooks', 'activity-log', 'activity-log-store'];

/** Features low in the order: they import none of `HIGH_FEATURES` (orders know nothing of documents, printing or links). */
const LOW_FEATURES = ['orders', 'teams', 'carrier-labels', 'keys', 'mail', 'net', 'sandbox', 'apps'];
const HIGH_FEATURES = ['documents', 'printing', 'printers', 'links', 'render', 'admin', 'retention', 'health', 'backup', 'new-orders'];

/** The modules of the core the dashboard (renderer/) may import: pure, with nothing of the station's state. */
const SHARED_WITH_RENDERER = ['main/core/features/printing/job-words.ts', 'main/core/features/printing/request-state.ts'];

const alternatives = (names) => names.map((name) => name.replace(/[.-]/g, (c) => `\\${c}`)).join('|');
/** Each tier is a folder of main/core/: foundations/, features/ (http/, hosts/ and station.ts are named in the rules). */
const FOUNDATIONS_DIR = 'main/core/foundations';
const FEATURES_DIR = 'main/core/features';
const folders = (dir, names) => `^${dir}/(${alternatives(names)})/`;
const files = (dir, names) => `^${dir}/(${alternatives(names)})\\.ts$`;

module.exports = {
  FOUNDATION_FOLDERS,
  FOUNDATION_FILES,
  FEATURE_FOLDERS,
  FEATURE_FILES,
  LOW_FEATURES,
  HIGH_FEATURES,
  SHARED_WITH_RENDERER,
  FOUNDATIONS_DIR,
  FEATURES_DIR,
  FOUNDATIONS: `${folders(FOUNDATIONS_DIR, FOUNDATION_FOLDERS)}|${files(FOUNDATIONS_DIR, FOUNDATION_FILES)}`,
  FEATURES: `${folders(FEATURES_DIR, FEATURE_FOLDERS)}|${files(FEATURES_DIR, FEATURE_FILES)}`,
  LOW: folders(FEATURES_DIR, LOW_FEATURES),
  HIGH: folders(FEATURES_DIR, HIGH_FEATURES),
  SHARED: SHARED_WITH_RENDERER.map((path) => `^${path.replace(/[.-]/g, (c) => `\\${c}`)}$`).join('|'),
};
