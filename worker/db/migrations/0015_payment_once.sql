-- One capture stands per order (security finding "one order charged many times"): the payment
-- whose capture paid the order is claimed here once per order; any other capture for the same
-- order is refunded at once. Orders meet payments through order_id only.
CREATE TABLE payment_standing (
  order_id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payment(id),
  created_at INTEGER NOT NULL
);

-- Orders already paid keep the earliest payment that succeeded as the one standing.
INSERT INTO payment_standing (order_id, payment_id, created_at)
SELECT p.order_id, p.id, p.updated_at FROM payment p
WHERE p.status IN ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')
  AND NOT EXISTS (
    SELECT 1 FROM payment q
    WHERE q.order_id = p.order_id AND q.status IN ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')
      AND (q.updated_at < p.updated_at OR (q.updated_at = p.updated_at AND q.id < p.id))
  );

-- Why a refund was made: order_cancelled for a cancelled order's money, duplicate_capture for a
-- second capture of a paid order, amount_mismatch for a capture that is not the order's amount or
-- currency; NULL for one asked for directly (support).
ALTER TABLE refund ADD COLUMN reason TEXT;
