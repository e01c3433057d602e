-- The first answer to a print request sent with an `Idempotency-Key` header, per team (the
-- calling key's team), so a retry returns it instead of printing again. Written in the same
-- transaction as the batches it answers for: either both are on disk or neither.
CREATE TABLE idempotency_keys (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  -- sha256 of the route, the order in the path, the strict switch and the body (keys sorted).
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
