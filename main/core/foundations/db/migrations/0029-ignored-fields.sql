-- The fields a source's last body carried that the order API does not know (POST /api/orders
-- answers them as `warnings`; the dashboard's order detail shows them beside the source).
-- JSON array of {path, message}; NULL when none was ignored.
ALTER TABLE order_sources ADD COLUMN warnings TEXT;
