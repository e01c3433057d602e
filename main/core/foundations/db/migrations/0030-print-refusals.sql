-- Print requests whose orders were refused (a `warning` or `error` result: ignored orders,
-- orders whose documents cannot print, ids that match no order): kept, so a refusal at the
-- bench is on record in Batches, the order's history and the Overview, not only on the
-- screen that asked (printing/refusals-store.ts). One row per result; `orders` is JSON
-- [{id, orderKeys, reasons: [{code, message, documentId?, tag?}]}].
CREATE TABLE print_refusals (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  ref TEXT,
  trigger TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('warning', 'error')),
  reason TEXT NOT NULL,
  orders TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX print_refusals_created ON print_refusals(created_at);
CREATE INDEX print_refusals_request ON print_refusals(request_id);
