-- Passkeys (WebAuthn): a person may sign in with one instead of a password where the
-- browser offers them (the station reached as localhost, or by a host name over HTTPS).
-- Only the public key is kept; `counter` is the authenticator's signature count, a clone's
-- tell. `rp_id` is the host name it was made for: a passkey works there only.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT,
  name TEXT NOT NULL,
  rp_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX passkeys_user ON passkeys (user_id);
