-- Fast sign-in at a packing bench. A person's badge (a random code printed as a barcode,
-- scanned at the bench) is kept as its SHA-256 like an API key; a PIN as its argon2id
-- hash. A session opened by either is a bench session: operator rights at most, and it
-- ends after the bench's (shorter) idle time.
ALTER TABLE users ADD COLUMN badge_hash TEXT;
ALTER TABLE users ADD COLUMN pin_hash TEXT;
CREATE UNIQUE INDEX users_badge ON users (badge_hash) WHERE badge_hash IS NOT NULL;
ALTER TABLE admin_tokens ADD COLUMN bench INTEGER NOT NULL DEFAULT 0;
