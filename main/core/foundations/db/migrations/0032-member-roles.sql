-- A membership's role is what the person may do in that team: admin, operator (prints,
-- works the bench) or viewer (reads). The role `member` becomes `operator`, in memberships
-- and in invitations not yet accepted. SQLite cannot change a CHECK, so both tables are
-- rebuilt, their rows copied in rowid order (listings break ties on it).
CREATE TABLE memberships_roles (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'operator', 'viewer')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
INSERT INTO memberships_roles (team_id, user_id, role, created_at)
  SELECT team_id, user_id, CASE role WHEN 'member' THEN 'operator' ELSE role END, created_at FROM memberships ORDER BY rowid;
DROP TABLE memberships;
ALTER TABLE memberships_roles RENAME TO memberships;
CREATE INDEX memberships_user ON memberships(user_id);

CREATE TABLE invitations_roles (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'operator', 'viewer')),
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  sent_at TEXT,
  send_error TEXT,
  accepted_at TEXT,
  accepted_by TEXT REFERENCES users(id),
  revoked_at TEXT,
  handover_token TEXT
);
INSERT INTO invitations_roles (id, team_id, email, role, token_hash, created_at, expires_at, sent_at, send_error, accepted_at, accepted_by, revoked_at, handover_token)
  SELECT id, team_id, email, CASE role WHEN 'member' THEN 'operator' ELSE role END, token_hash, created_at, expires_at, sent_at, send_error, accepted_at, accepted_by, revoked_at, handover_token
  FROM invitations ORDER BY rowid;
DROP TABLE invitations;
ALTER TABLE invitations_roles RENAME TO invitations;
CREATE INDEX invitations_team ON invitations(team_id, email);
