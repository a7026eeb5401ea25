-- Order security (orders-security): a per-order key that signs its guest access tokens, who
-- placed an unpaid order (so one IP, visitor or email cannot hold stock in many orders), and
-- whether its stock hold was already extended once.
ALTER TABLE orders ADD COLUMN access_key TEXT;
ALTER TABLE orders ADD COLUMN placed_ip TEXT;
ALTER TABLE orders ADD COLUMN visitor_key TEXT;
ALTER TABLE orders ADD COLUMN hold_extended INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_unpaid_ip ON orders (placed_ip) WHERE status = 'PAYMENT_PENDING';
CREATE INDEX orders_unpaid_visitor ON orders (visitor_key) WHERE status = 'PAYMENT_PENDING';
CREATE INDEX orders_unpaid_email ON orders (lower(email)) WHERE status = 'PAYMENT_PENDING';
