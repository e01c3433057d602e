-- Dashboard sessions. A login token is handed out once (printed by `station serve`, or
-- given to the Electron window) and exchanged for a session token; both stored hashed.
CREATE TABLE admin_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login', 'session')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
