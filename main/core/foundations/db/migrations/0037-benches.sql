-- Benches: named places where parcels are packed, each with a screen (a browser or the
-- desktop window, paired once with a short code) and the printers that stand there.
-- Routing gains the bench: per bench, which printer and tray each tag goes to, falling back
-- to the team's routing. A print batch remembers the bench it was asked for at.
CREATE TABLE benches (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX benches_name ON benches (name COLLATE NOCASE);

CREATE TABLE bench_routes (
  bench_id TEXT NOT NULL REFERENCES benches (id) ON DELETE CASCADE,
  tag TEXT NOT NULL COLLATE NOCASE,
  printer_id TEXT NOT NULL REFERENCES printers (id),
  tray TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (bench_id, tag)
);

-- A pairing code shown on the station's dashboard, typed once at the bench's screen: kept
-- as its SHA-256, good for 10 minutes and one use. A paired screen holds a token (its
-- SHA-256 here) that names its bench on every request.
CREATE TABLE bench_pairing_codes (
  code_hash TEXT PRIMARY KEY,
  bench_id TEXT NOT NULL REFERENCES benches (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
);
CREATE TABLE bench_screens (
  token_hash TEXT PRIMARY KEY,
  bench_id TEXT NOT NULL REFERENCES benches (id) ON DELETE CASCADE,
  paired_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);

ALTER TABLE print_batches ADD COLUMN bench_id TEXT;
CREATE INDEX print_batches_bench ON print_batches (bench_id, created_at) WHERE bench_id IS NOT NULL;
