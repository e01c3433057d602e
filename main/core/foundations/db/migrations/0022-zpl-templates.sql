-- A template renders HTML (printed through Chromium as PDF) or ZPL (sent raw to a thermal
-- label printer). Chosen at creation; existing templates are HTML.
ALTER TABLE document_templates ADD COLUMN kind TEXT NOT NULL DEFAULT 'html' CHECK (kind IN ('html', 'zpl'));
