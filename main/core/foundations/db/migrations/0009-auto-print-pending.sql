-- New orders that automatic printing owes a print. The row is written in the order's own
-- transaction and removed in the write that records the automatic print batch, so a crash
-- between the two leaves the row behind: start-up prints those orders, once each.
CREATE TABLE auto_print_pending (
  order_id TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
