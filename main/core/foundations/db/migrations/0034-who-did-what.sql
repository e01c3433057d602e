-- Who did what. A print batch keeps who asked for it (a person, the station admin's own
-- session, an API key, or the station itself for automatic prints), as JSON
-- {kind, id, name}; batches from before this migration have none and read "before people
-- were recorded".
ALTER TABLE print_batches ADD COLUMN requested_by TEXT;

-- Every change made through the dashboard or the API, with who made it: the activity list.
CREATE TABLE activity (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  -- The team it concerns; null for the station's own things (printers, settings).
  team_id TEXT,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('person', 'station-admin', 'key', 'station')),
  actor_id TEXT,
  actor_name TEXT NOT NULL,
  -- What was done, in the words of the table of operations ("Cancel a job").
  action TEXT NOT NULL,
  -- `METHOD path` as called, and the things it named (JSON of the path's parameters).
  operation TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '{}',
  status INTEGER NOT NULL
);
CREATE INDEX activity_at ON activity (at);
CREATE INDEX activity_team ON activity (team_id, at);
CREATE INDEX activity_actor ON activity (actor_id, at);
