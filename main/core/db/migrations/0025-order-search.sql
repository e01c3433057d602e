-- The dashboard's search and filters at 100,000 orders (bench/dashboard-orders.ts).
--
-- Search: a trigram full-text index finds any part (three characters or more) of an order
-- number, order key, customer or ship-to/bill-to name, email, company, SKU or item name
-- without reading every order. Its rows are keyed by the order's rowid; triggers keep it
-- true to the orders and their keys whichever path writes them (API, CSV import, manual
-- orders, migrations). A restored backup rebuilds it (backup.ts): copying a database may
-- renumber rowids.
CREATE VIRTUAL TABLE order_search USING fts5(text, tokenize = 'trigram');

-- What an order is found by, in one place for the triggers, the backfill and a rebuild.
CREATE VIEW order_search_text AS
SELECT
  o.rowid AS order_rowid,
  o.id AS order_id,
  concat_ws(' ',
    o.order_number,
    (SELECT group_concat(k.key, ' ') FROM order_keys k WHERE k.order_id = o.id),
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

CREATE TRIGGER order_search_on_key_insert AFTER INSERT ON order_keys BEGIN
  DELETE FROM order_search WHERE rowid = (SELECT rowid FROM orders WHERE id = NEW.order_id);
  INSERT INTO order_search (rowid, text) SELECT order_rowid, text FROM order_search_text WHERE order_id = NEW.order_id;
END;

CREATE TRIGGER order_search_on_key_delete AFTER DELETE ON order_keys BEGIN
  DELETE FROM order_search WHERE rowid = (SELECT rowid FROM orders WHERE id = OLD.order_id);
  INSERT INTO order_search (rowid, text) SELECT order_rowid, text FROM order_search_text WHERE order_id = OLD.order_id;
END;

-- Filters walk an index in list order (newest first) instead of sorting the matches.
CREATE INDEX orders_status_created ON orders(status, created_at);
