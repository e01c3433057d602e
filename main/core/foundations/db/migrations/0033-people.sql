-- People sign in. A person has a password (its argon2id hash, never the password), may be
-- marked station admin (every team, every setting: a mark on the person, not a team role),
-- and may be disabled (their sessions end at once; they cannot sign in).
ALTER TABLE users ADD COLUMN password_hash TEXT;
ALTER TABLE users ADD COLUMN station_admin INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN disabled_at TEXT;

-- Whose a session is. NULL: the station admin who signed in with the station's own login
-- link (printed at start, `station login`) or the desktop window; every session from
-- before people is one of those.
ALTER TABLE admin_tokens ADD COLUMN user_id TEXT REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX admin_tokens_user ON admin_tokens(user_id);

-- A password reset link: kept as its token's hash, works once, for a short time.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX password_resets_user ON password_resets(user_id);
