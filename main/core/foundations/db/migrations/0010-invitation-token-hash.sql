-- Invitation tokens are secrets like API keys, so they are now stored hashed, like API keys
-- (SHA-256 hex, `hashSecret` in main/core/features/keys/hash.ts). 0004 kept the raw token so the
-- dashboard could show the accept link later; now the link is shown once, in the answer
-- that creates the invitation, and a lost link is replaced by inviting again. A copy of
-- station.db then no longer lets anyone join a team.
--
-- Open invitations keep working: their tokens are hashed here with `hash_secret()`, the
-- function the migration runner registers (plain SQLite has no SHA-256). A UNIQUE column
-- cannot be dropped, so the table is rebuilt; secure_delete zeroes the pages the raw tokens
-- leave behind instead of leaving them readable in the file's free pages.
PRAGMA secure_delete = ON;

CREATE TABLE invitations_hashed (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  sent_at TEXT,
  send_error TEXT,
  accepted_at TEXT,
  accepted_by TEXT REFERENCES users(id),
  revoked_at TEXT
);
-- In rowid order: listings break ties on created_at by rowid.
INSERT INTO invitations_hashed (id, team_id, email, role, token_hash, created_at, expires_at, sent_at, send_error, accepted_at, accepted_by, revoked_at)
  SELECT id, team_id, email, role, hash_secret(token), created_at, expires_at, sent_at, send_error, accepted_at, accepted_by, revoked_at
  FROM invitations ORDER BY rowid;
DROP TABLE invitations;
ALTER TABLE invitations_hashed RENAME TO invitations;
CREATE INDEX invitations_team ON invitations(team_id, email);

PRAGMA secure_delete = OFF;
