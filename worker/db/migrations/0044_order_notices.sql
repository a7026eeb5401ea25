-- The emails an unpaid order gets once each (issue 36): the link to pay it when it is placed, again when a
-- payment of it is declined, and a reminder before the hold on its parts ends. The row is claimed before the
-- email goes (INSERT OR IGNORE on the key), so a retried request or two cron runs at once send it once; a send
-- that fails gives the claim back for the next run.
CREATE TABLE order_notice (
  order_id TEXT NOT NULL REFERENCES orders(id),
  kind TEXT NOT NULL CHECK (kind IN ('pay-link', 'payment-declined', 'payment-reminder')),
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, kind)
) WITHOUT ROWID;
