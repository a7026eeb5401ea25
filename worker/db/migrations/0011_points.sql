-- Member points (§3 Coupon integralScore, §7 member-points): a ledger, never a mutable balance,
-- so every change has its reason and an order's points can be given back exactly.
CREATE TABLE points_ledger (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES account(id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  reason TEXT NOT NULL,                      -- EARNED_ORDER, REDEEM_COUPON, REDEEM_ORDER, REFUND, ADJUSTMENT
  reference TEXT,                            -- the order or coupon it belongs to
  created_at INTEGER NOT NULL
);
CREATE INDEX points_ledger_account ON points_ledger (account_id, created_at DESC);
