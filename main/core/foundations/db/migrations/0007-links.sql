-- Links: integrator-written rules that merge an order arriving from one source into an
-- order that arrived earlier from another. A point is an app (UUID), a manual source
-- (api, web, csv) or a custom source key; `*_value` is what an order's `source` equals.
CREATE TABLE links (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('order', 'product', 'customer')),
  source_type TEXT NOT NULL CHECK (source_type IN ('app', 'manual', 'custom')),
  source_value TEXT NOT NULL,
  target_type TEXT NOT NULL CHECK (target_type IN ('app', 'manual', 'custom')),
  target_value TEXT NOT NULL,
  resolver TEXT NOT NULL,
  condition TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX links_team_source ON links(team_id, type, source_value);

-- A failed condition or resolver during an ingest. The ingest itself succeeds (unlinked);
-- these rows are how integrators find out why a link did not merge.
CREATE TABLE link_errors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  link_id TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  stage TEXT NOT NULL CHECK (stage IN ('condition', 'resolver')),
  source TEXT NOT NULL,
  source_id TEXT NOT NULL,
  message TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX link_errors_link ON link_errors(link_id, id);
CREATE INDEX link_errors_team ON link_errors(team_id, id);
