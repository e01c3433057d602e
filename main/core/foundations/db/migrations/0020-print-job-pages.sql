-- Pages a job handed to the printer system (its PDF's pages times copies; NULL for jobs
-- printed as HTML, whose pages the station cannot count): the Overview's pages today and
-- per hour.
ALTER TABLE print_jobs ADD COLUMN pages INTEGER;
CREATE INDEX print_jobs_submitted ON print_jobs(submitted_at);
CREATE INDEX print_jobs_finished ON print_jobs(finished_at);
