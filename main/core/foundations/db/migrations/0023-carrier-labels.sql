-- A document may be a carrier label the order carries (order.variables.carrierLabels):
-- JSON {index, format, name, hash}, null for a document rendered from a template. The
-- hash lets a rebuild keep the paper read from the label's PDF when its bytes are unchanged.
ALTER TABLE documents ADD COLUMN carrier_label TEXT;
