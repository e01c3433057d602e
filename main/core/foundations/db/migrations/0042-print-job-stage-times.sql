-- When each job passed each stage on its way to paper, beside created_at (received),
-- submitted_at (the print system took it) and finished_at (done): rendered_at, when its
-- content was ready (rendered, or found rendered ahead), and printing_at, when the print
-- system first said it was printing it. The dashboard and webhooks show where the seconds go.
ALTER TABLE print_jobs ADD COLUMN rendered_at TEXT;
ALTER TABLE print_jobs ADD COLUMN printing_at TEXT;
