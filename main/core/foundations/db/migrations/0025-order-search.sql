-- The dashboard's search and filters at 100,000 orders (bench/dashboard-orders.ts).
--
-- Search: trigram full-text indexes find any part (three characters or more) of an order
-- number, customer or ship-to/bill-to name, email, company, SKU or item name
-- (`order_search`, keyed by the order's rowid), or of an order key (`order_key_search`,
-- keyed by the key's rowid), without reading every order. Keys have their own index so
-- adding one indexes the key alone. Triggers keep both true whichever path writes orders
-- (API, CSV import, manual orders, migrations). A restored backup rebuilds them
-- (search-index.ts): copying a database may renumber rowids.
CREATE VIRTUAL TABLE order_search USING fts5(text, tokenize = 'trigram');
CREATE VIRTUAL TABLE order_key_search USING fts5(key, tokenize = 'trigram');

-- What an order is found by, in one place for the triggers, the backfill and a rebuild.
CREATE VIEW order_search_text AS
SELECT
  o.rowid AS order_rowid,
  o.id AS order_id,
  concat_ws(' ',
    o.order_number,
    json_extract(o.customer, '$.firstName'), json_extract(o.customer, '$.lastName'), json_extract(o.customer, '$.email'),
    json_extract(o.shipping_address, '$.firstName'), json_extract(o.shipping_address, '$.lastName'),
    json_extract(o.shipping_address, '$.company'),
    json_extract(o.billing_address, '$.firstName'), json_extract(o.billing_address, '$.lastName'),
    json_extract(o.billing_address, '$.company'),
    (SELECT group_concat(concat_ws(' ', json_extract(i.value, '$.sku'), json_extract(i.value, '$.variant.sku'),
       json_extract(i.value, '$.name')), ' ') FROM json_each(o.line_items) i)
  ) AS text
FROM orders o;

INSERT INTO order_search (rowid, text) SELECT order_rowid, text FROM order_search_text;
INSERT INTO order_key_search (rowid, key) SELECT rowid, key FROM order_keys;

CREATE TRIGGER order_search_on_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_search (rowid, text) SELECT order_rowid, text FROM order_search_text WHERE order_rowid = NEW.rowid;
END;

-- Only the columns searched: a status change does not touch the index.
CREATE TRIGGER order_search_on_update
AFTER UPDATE OF order_number, customer, shipping_address, billing_address, line_items ON orders BEGIN
  DELETE FROM order_search WHERE rowid = OLD.rowid;
  INSERT INTO order_search (rowid, text) SELECT order_rowid, text FROM order_search_text WHERE order_rowid = NEW.rowid;
END;

CREATE TRIGGER order_search_on_delete AFTER DELETE ON orders BEGIN
  DELETE FROM order_search WHERE rowid = OLD.rowid;
END;

CREATE TRIGGER order_key_search_on_insert AFTER INSERT ON order_keys BEGIN
  INSERT INTO order_key_search (rowid, key) VALUES (NEW.rowid, NEW.key);
END;

CREATE TRIGGER order_key_search_on_delete AFTER DELETE ON order_keys BEGIN
  DELETE FROM order_key_search WHERE rowid = OLD.rowid;
END;

-- Filters walk an index in list order (newest first) instead of sorting the matches.
CREATE INDEX orders_status_created ON orders(status, created_at);
