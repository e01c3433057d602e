-- Raw printer language (ZPL) goes only to printers that take it: what the OS says of the
-- queue (`detected_language`, from CUPS's make and model) unless an admin set it
-- (`language_setting`: 'zpl', 'none', or NULL to follow the detection).
ALTER TABLE printers ADD COLUMN detected_language TEXT;
ALTER TABLE printers ADD COLUMN language_setting TEXT;
