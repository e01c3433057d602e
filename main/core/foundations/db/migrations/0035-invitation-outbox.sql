-- A 3PL's invitation mails are paced, not refused: past the 3PL team's hourly mail budget an
-- invitation is recorded at once and its mail waits in the outbox (mail_queued_at) until the
-- budget frees; a restart keeps it. budget_team_id is the 3PL team whose budget it counts
-- against (null: the dashboard's and the station command's, which no budget holds);
-- mail_attempted_at is when its mail was handed to the mail server (or found no server).
ALTER TABLE invitations ADD COLUMN budget_team_id TEXT;
ALTER TABLE invitations ADD COLUMN mail_queued_at TEXT;
ALTER TABLE invitations ADD COLUMN mail_attempted_at TEXT;
CREATE INDEX invitations_budget ON invitations (budget_team_id, mail_attempted_at);
CREATE INDEX invitations_outbox ON invitations (mail_queued_at) WHERE mail_queued_at IS NOT NULL;
