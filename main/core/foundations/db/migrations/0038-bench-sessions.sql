-- A session opened at a screen paired with a bench names the bench: the Overview and the
-- Benches list say who is signed in where.
ALTER TABLE admin_tokens ADD COLUMN bench_id TEXT;
