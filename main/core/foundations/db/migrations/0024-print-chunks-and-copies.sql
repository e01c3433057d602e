-- A big request's job per printer + tray + paper is cut into chunks, printed one after the
-- other in order: chunk_index counts from 1 of chunk_count. NULL for a job that is whole.
ALTER TABLE print_jobs ADD COLUMN chunk_index INTEGER;
ALTER TABLE print_jobs ADD COLUMN chunk_count INTEGER;
-- The copy of exactly what a job handed to the printer system, kept in the print cache:
-- JSON {format: 'pdf' | 'raw', key, bytes}. NULL before it was rendered, or for a job
-- printed as HTML (the desktop app's path), which has no such copy.
ALTER TABLE print_jobs ADD COLUMN printed_copy TEXT;
-- A reprint of a job sends that job's printed copy again, byte for byte.
ALTER TABLE print_jobs ADD COLUMN reprint_of TEXT;
-- The chunks of one job share a group (the id of the job as planned): a chunk is taken only
-- once every earlier chunk of its group reached the printer system (or failed for good).
ALTER TABLE print_jobs ADD COLUMN chunk_group TEXT;
CREATE INDEX print_jobs_chunk_group ON print_jobs (chunk_group, chunk_index) WHERE chunk_group IS NOT NULL;
