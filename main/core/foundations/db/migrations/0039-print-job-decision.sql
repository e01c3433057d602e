-- A job that may or may not have printed (the print system took it and then forgot it, or
-- the station stopped while handing it over on a path that cannot look) waits for a
-- person's decision: print it again, or count it as printed. Never sent again on its own.
ALTER TABLE print_jobs ADD COLUMN awaiting_decision INTEGER NOT NULL DEFAULT 0;
-- Jobs failed that way before the decision existed wait for one too.
UPDATE print_jobs SET awaiting_decision = 1
 WHERE state = 'failed' AND reason LIKE 'The station stopped while sending this job to the printer%';
