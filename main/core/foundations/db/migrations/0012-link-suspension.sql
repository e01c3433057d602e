-- Every team's links run on the one sandbox thread. A link whose expression keeps hitting
-- the sandbox's hard limits (time, memory, a thread that had to be killed) costs up to a
-- second of that thread per incoming order, which other teams' links wait behind. After a
-- few such runs in a row it is suspended: skipped at ingest until someone edits it.
ALTER TABLE links ADD COLUMN heavy_faults INTEGER NOT NULL DEFAULT 0;
ALTER TABLE links ADD COLUMN suspended_at TEXT;
ALTER TABLE links ADD COLUMN suspended_reason TEXT;
