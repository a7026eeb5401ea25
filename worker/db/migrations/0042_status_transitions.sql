-- Every change of status the status tables allow (shared/order-status.ts, payment-status.ts and
-- return-status.ts; tests/worker/status-transitions.test.ts checks these rows against them). A row's
-- status may only move along one of these; anything else is refused by the database itself, whatever
-- statement tries it. Staying in a status is no move.
CREATE TABLE status_transition (
  entity TEXT NOT NULL,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  PRIMARY KEY (entity, from_status, to_status)
) WITHOUT ROWID;

INSERT INTO status_transition (entity, from_status, to_status) VALUES
  ('order', 'PAYMENT_PENDING', 'PROCESSING'),
  ('order', 'PENDING', 'PROCESSING'),
  ('order', 'PAYMENT_PENDING', 'CANCELLED'),
  ('order', 'PENDING', 'CANCELLED'),
  ('order', 'PROCESSING', 'CANCELLED'),
  ('order', 'PROCESSING', 'PARTIAL_SHIPMENT'),
  ('order', 'PROCESSING', 'SHIPPED'),
  ('order', 'PROCESSING', 'PARTIAL_REFUND'),
  ('order', 'PROCESSING', 'RETURNING'),
  ('order', 'PARTIAL_SHIPMENT', 'SHIPPED'),
  ('order', 'PARTIAL_SHIPMENT', 'PARTIAL_REFUND'),
  ('order', 'PARTIAL_SHIPMENT', 'RETURNING'),
  ('order', 'PARTIAL_REFUND', 'PARTIAL_SHIPMENT'),
  ('order', 'PARTIAL_REFUND', 'SHIPPED'),
  ('order', 'PARTIAL_REFUND', 'RETURNING'),
  ('order', 'RETURNING', 'PARTIAL_SHIPMENT'),
  ('order', 'RETURNING', 'SHIPPED'),
  ('order', 'RETURNING', 'PARTIAL_REFUND'),
  ('order', 'PROCESSING', 'REFUND'),
  ('order', 'PARTIAL_SHIPMENT', 'REFUND'),
  ('order', 'SHIPPED', 'PARTIAL_REFUND'),
  ('order', 'SHIPPED', 'REFUND'),
  ('order', 'SHIPPED', 'RETURNING'),
  ('order', 'PARTIAL_REFUND', 'REFUND'),
  ('order', 'RETURNING', 'REFUND'),
  ('order', 'PARTIAL_REFUND', 'PROCESSING'),
  ('order', 'REFUND', 'PROCESSING'),
  ('order', 'REFUND', 'PARTIAL_SHIPMENT'),
  ('order', 'REFUND', 'SHIPPED'),
  ('order', 'REFUND', 'PARTIAL_REFUND'),
  ('order', 'REFUND', 'RETURNING'),
  ('order', 'RETURNING', 'PROCESSING'),
  ('payment', 'CREATED', 'REQUIRES_ACTION'),
  ('payment', 'CREATED', 'PROCESSING'),
  ('payment', 'REQUIRES_ACTION', 'PROCESSING'),
  ('payment', 'CREATED', 'SUCCEEDED'),
  ('payment', 'CREATED', 'DECLINED'),
  ('payment', 'CREATED', 'FAILED'),
  ('payment', 'CREATED', 'EXPIRED'),
  ('payment', 'REQUIRES_ACTION', 'SUCCEEDED'),
  ('payment', 'REQUIRES_ACTION', 'DECLINED'),
  ('payment', 'REQUIRES_ACTION', 'FAILED'),
  ('payment', 'REQUIRES_ACTION', 'EXPIRED'),
  ('payment', 'PROCESSING', 'SUCCEEDED'),
  ('payment', 'PROCESSING', 'DECLINED'),
  ('payment', 'PROCESSING', 'FAILED'),
  ('payment', 'PROCESSING', 'EXPIRED'),
  ('payment', 'SUCCEEDED', 'EXPIRED'),
  ('payment', 'SUCCEEDED', 'PARTIALLY_REFUNDED'),
  ('payment', 'SUCCEEDED', 'REFUNDED'),
  ('payment', 'PARTIALLY_REFUNDED', 'REFUNDED'),
  ('return', 'REQUESTED', 'NEEDS_EVIDENCE'),
  ('return', 'NEEDS_EVIDENCE', 'REQUESTED'),
  ('return', 'REQUESTED', 'APPROVED'),
  ('return', 'NEEDS_EVIDENCE', 'APPROVED'),
  ('return', 'REQUESTED', 'REJECTED'),
  ('return', 'NEEDS_EVIDENCE', 'REJECTED'),
  ('return', 'APPROVED', 'REJECTED'),
  ('return', 'APPROVED', 'RECEIVED'),
  ('return', 'APPROVED', 'REFUNDED'),
  ('return', 'RECEIVED', 'REFUNDED');

CREATE TRIGGER order_status_move BEFORE UPDATE OF status ON orders
WHEN NEW.status IS NOT OLD.status AND NOT EXISTS (
  SELECT 1 FROM status_transition WHERE entity = 'order' AND from_status = OLD.status AND to_status = NEW.status)
BEGIN
  SELECT RAISE(ABORT, 'order status move not allowed');
END;

CREATE TRIGGER payment_status_move BEFORE UPDATE OF status ON payment
WHEN NEW.status IS NOT OLD.status AND NOT EXISTS (
  SELECT 1 FROM status_transition WHERE entity = 'payment' AND from_status = OLD.status AND to_status = NEW.status)
BEGIN
  SELECT RAISE(ABORT, 'payment status move not allowed');
END;

CREATE TRIGGER return_status_move BEFORE UPDATE OF status ON order_return
WHEN NEW.status IS NOT OLD.status AND NOT EXISTS (
  SELECT 1 FROM status_transition WHERE entity = 'return' AND from_status = OLD.status AND to_status = NEW.status)
BEGIN
  SELECT RAISE(ABORT, 'return status move not allowed');
END;
