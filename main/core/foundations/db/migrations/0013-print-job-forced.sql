-- Whether a job's request printed ignored orders on purpose (`force: true`). An order
-- ignored after its job was queued is left out when the job renders, unless forced:
-- `ignored` means intentionally excluded from printing.
ALTER TABLE print_jobs ADD COLUMN forced INTEGER NOT NULL DEFAULT 0;
