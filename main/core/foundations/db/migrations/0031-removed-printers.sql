-- A missing printer an admin removed (Printers → Remove): gone from every list and from
-- routing's choices, kept as a row because print history names it. A queue of the same
-- name that comes back in the print system brings it back (printers/store.ts upsertDiscovered).
ALTER TABLE printers ADD COLUMN removed_at TEXT;
