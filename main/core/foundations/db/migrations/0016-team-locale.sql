-- A team's locale (BCP 47, e.g. `de-DE`, `ja`): the language, dates, money and country names
-- of its built-in documents. NULL: the station's own locale.
ALTER TABLE teams ADD COLUMN locale TEXT;
