-- The station core: teams, users, API keys, orders with their keys, sources and tags.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT COLLATE NOCASE UNIQUE,
  created_at TEXT NOT NULL
);

CREATE TABLE teams (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('standard', 'three_pl', 'merchant')),
  parent_team_id TEXT REFERENCES teams(id),
  status TEXT NOT NULL CHECK (status IN ('onboarding', 'live')),
  account_manager_user_id TEXT REFERENCES users(id),
  went_live_at TEXT,
  went_live_by TEXT REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((type = 'merchant') = (parent_team_id IS NOT NULL))
);
CREATE INDEX teams_parent ON teams(parent_team_id);

CREATE TABLE memberships (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX memberships_user ON memberships(user_id);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_team ON api_keys(team_id);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id),
  status TEXT NOT NULL CHECK (status IN ('ready', 'printed', 'ignored')),
  order_number TEXT NOT NULL,
  order_date TEXT NOT NULL,
  first_name TEXT,
  note TEXT,
  customer TEXT,
  shipping_address TEXT,
  billing_address TEXT,
  line_items TEXT NOT NULL DEFAULT '[]',
  order_total TEXT,
  variables TEXT,
  overrides TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX orders_team_status ON orders(team_id, status);
CREATE INDEX orders_team_number ON orders(team_id, order_number);
CREATE INDEX orders_team_created ON orders(team_id, created_at);
CREATE INDEX orders_team_updated ON orders(team_id, updated_at);
CREATE INDEX orders_team_date ON orders(team_id, order_date);

CREATE TABLE order_keys (
  key TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams(id),
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, key)
);
CREATE INDEX order_keys_order ON order_keys(order_id);
CREATE INDEX order_keys_key ON order_keys(key);

CREATE TABLE order_sources (
  team_id TEXT NOT NULL REFERENCES teams(id),
  source TEXT NOT NULL,
  source_id TEXT NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  payload TEXT NOT NULL,
  received_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (team_id, source, source_id)
);
CREATE INDEX order_sources_order ON order_sources(order_id);

CREATE TABLE tags (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  label TEXT NOT NULL COLLATE NOCASE,
  color TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (team_id, label)
);

CREATE TABLE order_tags (
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  tag_id TEXT NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (order_id, tag_id)
);
CREATE INDEX order_tags_tag ON order_tags(tag_id);

-- Every status an order passes through, for the dashboard's history and audits.
CREATE TABLE order_status_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  reason TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX order_status_history_order ON order_status_history(order_id);

-- Station-wide settings the core owns (the default operator user, …).
CREATE TABLE station_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
