-- Money that reconciles (issue 38): what each payment provider reports it moved, against the order.
-- One row per movement, kept once by the provider's own id for it, whichever webhook or report
-- brought it: a capture (PaymentIntent or PayPal capture), a refund, a dispute's withdrawal and its
-- reversal when the shop wins, a fee, a payout to the shop's bank. Amounts are positive; the kind
-- says which way the money went.
CREATE TABLE provider_movement (
  provider TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('CAPTURE', 'REFUND', 'REFUND_FAILED', 'DISPUTE', 'DISPUTE_REVERSAL', 'FEE', 'PAYOUT')),
  ref TEXT NOT NULL,
  order_id TEXT,
  payment_id TEXT,
  amount_cent INTEGER NOT NULL CHECK (amount_cent >= 0),
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'CAD')),
  occurred_at INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  PRIMARY KEY (provider, kind, ref)
);
CREATE INDEX provider_movement_order ON provider_movement (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX provider_movement_time ON provider_movement (occurred_at);

-- A chargeback a provider reported: a task for staff until it is won or lost.
CREATE TABLE payment_dispute (
  provider TEXT NOT NULL,
  ref TEXT NOT NULL,
  order_id TEXT,
  payment_id TEXT,
  amount_cent INTEGER NOT NULL CHECK (amount_cent >= 0),
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'CAD')),
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('OPEN', 'WON', 'LOST')),
  evidence_due_at INTEGER,
  opened_at INTEGER NOT NULL,
  closed_at INTEGER,
  PRIMARY KEY (provider, ref)
);
CREATE INDEX payment_dispute_status ON payment_dispute (status, opened_at);

-- The daily reconciliation report, built once per UTC day by the cron.
CREATE TABLE reconciliation_report (
  day TEXT PRIMARY KEY,
  built_at INTEGER NOT NULL,
  flagged INTEGER NOT NULL,
  body TEXT NOT NULL
);
