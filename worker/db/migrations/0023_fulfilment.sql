-- Fulfilment and refunds from the back office (issue 19): what shipped, with which carrier and
-- tracking number, and what was refunded, by line and amount. Each is written in one batch with
-- guards (batch_guard) so two staff acting at once can never ship a line twice or refund more
-- than was paid; a form's idempotency key makes a double click one shipment or one refund.

CREATE TABLE shipment (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  idempotency_key TEXT NOT NULL UNIQUE,
  carrier TEXT NOT NULL,
  tracking_number TEXT NOT NULL,
  shipped_at INTEGER NOT NULL,
  delivered_at INTEGER,
  staff_id INTEGER REFERENCES staff(id)
);
CREATE INDEX shipment_order ON shipment (order_id, id);

CREATE TABLE shipment_line (
  shipment_id INTEGER NOT NULL REFERENCES shipment(id),
  order_id TEXT NOT NULL,
  line_no INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (shipment_id, line_no)
) WITHOUT ROWID;
CREATE INDEX shipment_line_order ON shipment_line (order_id, line_no);

-- A refund the shop gave: PENDING while the payment provider is asked, DONE once the money is
-- back, FAILED when the provider refused (it then counts for nothing).
CREATE TABLE order_refund (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  idempotency_key TEXT NOT NULL UNIQUE,
  amount_cent INTEGER NOT NULL CHECK (amount_cent > 0),
  -- The part of amount_cent that refunds shipping (at most once what the order paid for it).
  shipping_cent INTEGER NOT NULL DEFAULT 0 CHECK (shipping_cent >= 0),
  points_taken INTEGER NOT NULL DEFAULT 0,
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'DONE', 'FAILED')),
  staff_id INTEGER REFERENCES staff(id),
  created_at INTEGER NOT NULL
);
CREATE INDEX order_refund_order ON order_refund (order_id, id);

CREATE TABLE order_refund_line (
  refund_id INTEGER NOT NULL REFERENCES order_refund(id),
  order_id TEXT NOT NULL,
  line_no INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (refund_id, line_no)
) WITHOUT ROWID;
CREATE INDEX order_refund_line_order ON order_refund_line (order_id, line_no);
