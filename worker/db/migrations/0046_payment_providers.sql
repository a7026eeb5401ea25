-- Every method on a production provider (issue 38). A payment's provider reference is the provider's
-- own object the shopper acts on (Stripe's PaymentIntent or Checkout Session, PayPal's order); the
-- transaction reference is the one that moved money and that refunds, voids and the provider's reports
-- name (PayPal's capture or authorization id).
ALTER TABLE payment ADD COLUMN provider_txn_ref TEXT;
CREATE INDEX payment_provider_txn ON payment (provider, provider_txn_ref) WHERE provider_txn_ref IS NOT NULL;
