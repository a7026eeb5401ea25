-- Orders (§3 Order list statuses, §7 Orders and payment). An order records the prices,
-- discounts, tax and shipping it was placed with, so later catalog or promotion changes never
-- alter it. It is written in one D1 batch with the stock it takes (sku.available_total's
-- CHECK (>= 0) makes an oversell fail the whole batch), the points it spends and the
-- promotion uses it records; a client-supplied idempotency key makes a retried request one order.
CREATE TABLE orders (
  id TEXT PRIMARY KEY,                       -- the order number shown to the shopper
  idempotency_key TEXT NOT NULL UNIQUE,
  account_id INTEGER REFERENCES account(id),
  email TEXT NOT NULL COLLATE NOCASE,
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'CAD')),
  status TEXT NOT NULL CHECK (status IN ('PAYMENT_PENDING', 'PENDING', 'PROCESSING', 'SHIPPED', 'PARTIAL_SHIPMENT',
    'CANCELLED', 'PARTIAL_REFUND', 'REFUND', 'RETURNING')),
  subtotal_cent INTEGER NOT NULL,
  discount_cent INTEGER NOT NULL,
  shipping_cent INTEGER NOT NULL,
  shipping_discount_cent INTEGER NOT NULL,
  tax_cent INTEGER NOT NULL,
  points_used INTEGER NOT NULL DEFAULT 0,
  points_cent INTEGER NOT NULL DEFAULT 0,
  total_cent INTEGER NOT NULL CHECK (total_cent >= 0),
  shipping_name TEXT NOT NULL,
  address TEXT NOT NULL,                     -- JSON: the ship-to address as entered and verified
  payment_method TEXT,
  cart_uuid TEXT,
  -- Stock is held for an unpaid order until then; the cron gives it back after.
  hold_expires_at INTEGER,
  paid_at INTEGER,
  cancelled_at INTEGER,
  points_earned INTEGER NOT NULL DEFAULT 0,
  -- A member removed the order from their history (DELETE /order/signed/order/{id}); it still exists.
  hidden INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX orders_account ON orders (account_id, created_at DESC);
CREATE INDEX orders_hold ON orders (status, hold_expires_at) WHERE status = 'PAYMENT_PENDING';

CREATE TABLE order_line (
  order_id TEXT NOT NULL REFERENCES orders(id),
  line_no INTEGER NOT NULL,
  sku_id INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  part_number TEXT NOT NULL,
  image_url TEXT,
  url_handle TEXT,
  item_type TEXT NOT NULL,
  bundle_id TEXT,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_cent INTEGER NOT NULL,
  discount_cent INTEGER NOT NULL,            -- this line's share of the order's discounts
  total_cent INTEGER NOT NULL,
  PRIMARY KEY (order_id, line_no)
) WITHOUT ROWID;

CREATE TABLE order_adjustment (
  order_id TEXT NOT NULL REFERENCES orders(id),
  seq INTEGER NOT NULL,
  promotion_id INTEGER,
  source TEXT,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  reason TEXT NOT NULL,
  amount_cent INTEGER NOT NULL,
  PRIMARY KEY (order_id, seq)
) WITHOUT ROWID;

CREATE TABLE order_tax (
  order_id TEXT NOT NULL REFERENCES orders(id),
  seq INTEGER NOT NULL,
  name TEXT NOT NULL,
  rate_label TEXT NOT NULL,
  amount_cent INTEGER NOT NULL,
  PRIMARY KEY (order_id, seq)
) WITHOUT ROWID;

-- The order's history as the shopper sees it (placed, paid, shipped, cancelled...).
CREATE TABLE order_event (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL,
  note TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX order_event_order ON order_event (order_id, id);

-- A guard row that must read 1: a batch inserts a condition here to abort itself when it fails.
CREATE TABLE batch_guard (ok INTEGER NOT NULL CHECK (ok = 1));

-- Points a member set aside for this cart's checkout (lock/integral); spent when the order is placed.
ALTER TABLE cart ADD COLUMN points_locked INTEGER NOT NULL DEFAULT 0 CHECK (points_locked >= 0);
