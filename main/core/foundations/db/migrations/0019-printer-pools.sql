-- Printer pools: a tag's route may name printers to fall back on, in order, after its
-- printer (JSON array of printer ids; NULL: none). A job keeps the pool it was planned
-- with, the printer it was planned for, and why it printed elsewhere when it did.
ALTER TABLE print_routes ADD COLUMN fallback_printer_ids TEXT;
ALTER TABLE print_jobs ADD COLUMN fallback_printer_ids TEXT;
ALTER TABLE print_jobs ADD COLUMN planned_printer_id TEXT;
ALTER TABLE print_jobs ADD COLUMN failover TEXT;
