-- The dashboard's order list: newest first across every team, filtered by source.
CREATE INDEX orders_created ON orders(created_at);
CREATE INDEX order_sources_source ON order_sources(source, order_id);
