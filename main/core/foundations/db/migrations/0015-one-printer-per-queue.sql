-- One printer per OS queue, whichever backends see it. CUPS and Electron both see every
-- queue on Linux and macOS; rows were unique per (backend, vendor_id), so a queue could be
-- listed twice and change id when the backend that listed it changed. The row kept for a
-- queue is the one still present, else the oldest; references move to it, and the ids of
-- the rows merged away stay valid as aliases (an integrator may have stored them).

CREATE TABLE printer_id_aliases (
  alias TEXT PRIMARY KEY,
  printer_id TEXT NOT NULL REFERENCES printers(id) ON DELETE CASCADE
);

CREATE TEMP TABLE printer_merge AS
  SELECT p.id AS old_id,
         (SELECT k.id FROM printers k WHERE k.vendor_id = p.vendor_id
           ORDER BY k.present DESC, k.created_at, k.id LIMIT 1) AS new_id
  FROM printers p;
DELETE FROM printer_merge WHERE old_id = new_id;

-- The admin's settings of a merged row survive where the kept row has none.
UPDATE printers SET
  nickname = COALESCE(nickname, (SELECT o.nickname FROM printer_merge m JOIN printers o ON o.id = m.old_id
                                  WHERE m.new_id = printers.id AND o.nickname IS NOT NULL LIMIT 1)),
  default_tray = COALESCE(default_tray, (SELECT o.default_tray FROM printer_merge m JOIN printers o ON o.id = m.old_id
                                          WHERE m.new_id = printers.id AND o.default_tray IS NOT NULL LIMIT 1))
WHERE id IN (SELECT new_id FROM printer_merge);

UPDATE team_print_settings SET default_printer_id = (SELECT new_id FROM printer_merge WHERE old_id = default_printer_id)
  WHERE default_printer_id IN (SELECT old_id FROM printer_merge);
UPDATE print_routes SET printer_id = (SELECT new_id FROM printer_merge WHERE old_id = printer_id)
  WHERE printer_id IN (SELECT old_id FROM printer_merge);
UPDATE print_batches SET printer_id = (SELECT new_id FROM printer_merge WHERE old_id = printer_id)
  WHERE printer_id IN (SELECT old_id FROM printer_merge);
UPDATE print_jobs SET printer_id = (SELECT new_id FROM printer_merge WHERE old_id = printer_id)
  WHERE printer_id IN (SELECT old_id FROM printer_merge);

INSERT INTO printer_id_aliases (alias, printer_id) SELECT old_id, new_id FROM printer_merge;
DELETE FROM printers WHERE id IN (SELECT old_id FROM printer_merge);
DROP TABLE printer_merge;

-- Stronger than the table's UNIQUE (backend, vendor_id), which it makes redundant.
CREATE UNIQUE INDEX printers_vendor_id ON printers(vendor_id);
