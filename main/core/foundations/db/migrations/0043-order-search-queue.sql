-- The order search (migration 0025) is indexed in batches, not inside each order's write.
-- FTS5 writes its pending index out at every commit (and savepoint): indexed by the write's
-- own trigger, every group of orders wrote, and later merged, index segments of its own,
-- ~0.25 ms an order on the ingest path. The triggers now only queue the row that changed;
-- features/orders/search-index.ts indexes the queue in one transaction, every half second
-- while the station serves and before every search, so a search still finds an order the
-- moment its 201 is sent.
CREATE TABLE order_search_queue (order_rowid INTEGER PRIMARY KEY);
CREATE TABLE order_key_search_queue (key_rowid INTEGER PRIMARY KEY);

DROP TRIGGER order_search_on_insert;
DROP TRIGGER order_search_on_update;
DROP TRIGGER order_search_on_delete;
DROP TRIGGER order_key_search_on_insert;
DROP TRIGGER order_key_search_on_delete;

CREATE TRIGGER order_search_on_insert AFTER INSERT ON orders BEGIN
  INSERT OR IGNORE INTO order_search_queue (order_rowid) VALUES (NEW.rowid);
END;

-- Only the columns searched: a status change does not touch the index.
CREATE TRIGGER order_search_on_update
AFTER UPDATE OF order_number, customer, shipping_address, billing_address, line_items ON orders BEGIN
  INSERT OR IGNORE INTO order_search_queue (order_rowid) VALUES (NEW.rowid);
END;

CREATE TRIGGER order_search_on_delete AFTER DELETE ON orders BEGIN
  INSERT OR IGNORE INTO order_search_queue (order_rowid) VALUES (OLD.rowid);
END;

CREATE TRIGGER order_key_search_on_insert AFTER INSERT ON order_keys BEGIN
  INSERT OR IGNORE INTO order_key_search_queue (key_rowid) VALUES (NEW.rowid);
END;

CREATE TRIGGER order_key_search_on_delete AFTER DELETE ON order_keys BEGIN
  INSERT OR IGNORE INTO order_key_search_queue (key_rowid) VALUES (OLD.rowid);
END;
