-- Raw printer language (ZPL) goes only to printers that take it: what the OS says of the
-- queue (`detected_language`, from CUPS's make and model) unless an admin set it
-- (`language_setting`: 'zpl', 'none', or NULL to follow the detection).
ALTER TABLE printers ADD COLUMN detected_language TEXT;
ALTER TABLE printers ADD COLUMN language_setting TEXT;

-- A ZPL template's output is held to the ZPL policy of carrier labels when it is saved
-- (label formats only), unless an admin allowed printer commands in it.
ALTER TABLE document_templates ADD COLUMN printer_commands_allowed INTEGER NOT NULL DEFAULT 0;

-- Printer states are followed (printers/service.ts followStates): why a printer is offline
-- (paused, not accepting jobs, out of paper), and since when its status is what it is.
ALTER TABLE printers ADD COLUMN status_reason TEXT;
ALTER TABLE printers ADD COLUMN status_changed_at TEXT;
