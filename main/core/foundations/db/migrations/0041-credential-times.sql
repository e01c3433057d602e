-- When a person's badge was issued and their PIN set: Settings → People lists a person's
-- credentials (badge, PIN, passkeys) so a station admin can see and remove them.
ALTER TABLE users ADD COLUMN badge_issued_at TEXT;
ALTER TABLE users ADD COLUMN pin_set_at TEXT;
UPDATE users SET badge_issued_at = created_at WHERE badge_hash IS NOT NULL;
UPDATE users SET pin_set_at = created_at WHERE pin_hash IS NOT NULL;
