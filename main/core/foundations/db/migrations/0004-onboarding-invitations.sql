-- 3PL merchants: the onboarding tracker and invitations to join a team.

-- One row per task of a merchant's onboarding checklist. `kind` is the stable name code
-- refers to (e.g. printing completes `test_print`); `owner` says who is expected to do it.
CREATE TABLE onboarding_tasks (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  owner TEXT NOT NULL CHECK (owner IN ('three_pl', 'merchant')),
  position INTEGER NOT NULL,
  completed_at TEXT,
  -- A user id when a person ticked it; NULL when the station completed it on its own.
  completed_by TEXT REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, kind)
);

-- An invitation to join a team as admin. The token is kept as is (not hashed) because the
-- dashboard must be able to show the accept link when no mail could be sent; it is
-- single-use and expires.
CREATE TABLE invitations (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
  token TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  sent_at TEXT,
  send_error TEXT,
  accepted_at TEXT,
  accepted_by TEXT REFERENCES users(id),
  revoked_at TEXT
);
CREATE INDEX invitations_team ON invitations(team_id, email);
