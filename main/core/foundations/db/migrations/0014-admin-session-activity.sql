-- Dashboard sessions become listable and revocable one by one (an id that is not the
-- secret), expire when idle (last_used_at), and say where they were opened (label).
ALTER TABLE admin_tokens ADD COLUMN id TEXT;
ALTER TABLE admin_tokens ADD COLUMN last_used_at TEXT;
ALTER TABLE admin_tokens ADD COLUMN label TEXT;
UPDATE admin_tokens SET id = lower(hex(randomblob(16))) WHERE id IS NULL;
CREATE UNIQUE INDEX admin_tokens_id ON admin_tokens (id);
