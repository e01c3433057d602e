-- Documents: Liquid templates per team, each team's flow, and the documents flows build.
-- Built-in templates and the default flow are seeded per team in code (they are Liquid
-- files the code owns); teams that existed before this migration are seeded lazily on
-- first use.

CREATE TABLE document_templates (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  tag TEXT NOT NULL,
  paper_name TEXT NOT NULL,
  width_mm REAL NOT NULL CHECK (width_mm > 0),
  height_mm REAL NOT NULL CHECK (height_mm > 0),
  orientation TEXT NOT NULL CHECK (orientation IN ('portrait', 'landscape')),
  margin_top_mm REAL NOT NULL,
  margin_right_mm REAL NOT NULL,
  margin_bottom_mm REAL NOT NULL,
  margin_left_mm REAL NOT NULL,
  body TEXT NOT NULL,
  -- The built-in template this row was seeded from (e.g. `packing-slip-a4`), else NULL.
  builtin TEXT,
  -- A team's override of a base template (its own or its 3PL parent's).
  overrides_template_id TEXT REFERENCES document_templates(id),
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (team_id, name)
);
CREATE INDEX document_templates_overrides ON document_templates(overrides_template_id, team_id);

CREATE TABLE document_flows (
  team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  auto_print INTEGER NOT NULL DEFAULT 1,
  -- Ordered rules (JSON, validated by documents/schema.ts on every write).
  rules TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  tag TEXT NOT NULL,
  -- No foreign key: a document keeps naming the template it was built from even after
  -- that template is deleted (it then renders incomplete).
  template_id TEXT NOT NULL,
  template_override_id TEXT,
  paper TEXT NOT NULL,
  complete INTEGER NOT NULL,
  incomplete_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX documents_order ON documents(order_id, position);
CREATE INDEX documents_team_tag ON documents(team_id, tag);
CREATE INDEX documents_template ON documents(template_id);
