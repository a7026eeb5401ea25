-- Payments (issue 8, §3 Payment methods, §8): one row per attempt to pay an order, whichever
-- provider runs it. Orders meet payments through order_id only. No card number is ever stored:
-- card_last4 can only hold four digits.
CREATE TABLE payment (
  id TEXT PRIMARY KEY,                       -- ours, e.g. pay_...; the provider's id is provider_ref
  order_id TEXT NOT NULL,
  method TEXT NOT NULL,                      -- a §3 method id (shared/payment-methods.ts)
  provider TEXT NOT NULL,                    -- sandbox | card
  provider_ref TEXT,
  amount_cent INTEGER NOT NULL CHECK (amount_cent > 0),
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'CAD')),
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'REQUIRES_ACTION', 'PROCESSING', 'SUCCEEDED', 'DECLINED', 'FAILED', 'EXPIRED', 'REFUNDED', 'PARTIALLY_REFUNDED')),
  decline_code TEXT,                         -- the decline code; for FAILED / EXPIRED the failure reason
  card_last4 TEXT CHECK (card_last4 IS NULL OR card_last4 GLOB '[0-9][0-9][0-9][0-9]'),
  card_brand TEXT,
  capture_method TEXT NOT NULL DEFAULT 'automatic' CHECK (capture_method IN ('automatic', 'manual')),
  captured_cent INTEGER NOT NULL DEFAULT 0 CHECK (captured_cent >= 0 AND captured_cent <= amount_cent),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX payment_order ON payment (order_id, created_at DESC);
CREATE UNIQUE INDEX payment_provider_ref ON payment (provider, provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX payment_open ON payment (expires_at) WHERE status IN ('CREATED', 'REQUIRES_ACTION', 'PROCESSING');

-- Verified webhook events, kept once per provider event id: a redelivered webhook is a no-op.
CREATE TABLE payment_event (
  id INTEGER PRIMARY KEY,
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  payment_id TEXT,
  payload TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  UNIQUE (provider, event_id)
);
CREATE INDEX payment_event_payment ON payment_event (payment_id);

CREATE TABLE refund (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payment(id),
  amount_cent INTEGER NOT NULL CHECK (amount_cent > 0),
  provider_ref TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX refund_payment ON refund (payment_id);
