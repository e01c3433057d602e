-- Source apps: integrations a team registers (a shop connector, a WMS). An order whose
-- `source` is an app's UUID belongs to that app; links point at apps by UUID.
CREATE TABLE source_apps (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX source_apps_team ON source_apps(team_id);
