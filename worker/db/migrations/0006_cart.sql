-- Carts (§3 Cart, §4 Cart). A visitor's cart is reached with its id and a secret token (only
-- its hash is kept); a member has at most one cart, found by account. Lines are keyed by the
-- §3 identity: sku + item type + bundle ('' for none), so concurrent adds of one part meet in
-- one row and an upsert adds their quantities atomically.
CREATE TABLE cart (
  uuid TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL,
  account_id INTEGER REFERENCES account(id),
  -- Codes the shopper entered and coupons chosen, re-checked at every pricing.
  promotion_codes TEXT NOT NULL DEFAULT '[]',
  coupon_ids TEXT NOT NULL DEFAULT '[]',
  kind TEXT NOT NULL DEFAULT 'CART' CHECK (kind IN ('CART', 'BUY_NOW')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX cart_member ON cart (account_id) WHERE account_id IS NOT NULL AND kind = 'CART';

CREATE TABLE cart_item (
  cart_uuid TEXT NOT NULL REFERENCES cart(uuid) ON DELETE CASCADE,
  sku_id INTEGER NOT NULL,
  item_type TEXT NOT NULL DEFAULT 'NORMAL' CHECK (item_type IN ('NORMAL', 'TRADE_IN')),
  bundle_id TEXT NOT NULL DEFAULT '',
  item_count INTEGER NOT NULL CHECK (item_count BETWEEN 1 AND 99),
  -- The vehicle the part was added for (§3 attributeValueId), when one was chosen.
  attribute_value_id INTEGER,
  campaign_id INTEGER,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (cart_uuid, sku_id, item_type, bundle_id)
) WITHOUT ROWID;
