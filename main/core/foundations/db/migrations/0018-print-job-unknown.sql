-- A job the station cannot follow to the paper ends `unknown` rather than `done` (the
-- desktop app's print path; a job CUPS no longer remembers). SQLite cannot change a CHECK
-- in place: the state moves to a new column with the wider CHECK, keeping every row.
DROP INDEX print_jobs_state;
ALTER TABLE print_jobs RENAME COLUMN state TO state_before_0018;
ALTER TABLE print_jobs ADD COLUMN state TEXT NOT NULL DEFAULT 'queued'
  CHECK (state IN ('queued', 'rendering', 'submitting', 'submitted', 'done', 'unknown', 'failed'));
UPDATE print_jobs SET state = state_before_0018;
ALTER TABLE print_jobs DROP COLUMN state_before_0018;
CREATE INDEX print_jobs_state ON print_jobs(state, next_attempt_at);
