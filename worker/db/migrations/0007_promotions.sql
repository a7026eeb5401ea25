-- Promotions (spec §3 Coupon and Discounts, issue 7): automatic discounts, promotion codes and
-- coupons; add-on (exchange purchase) offers and giveaways; how often each was used; and each
-- member's coupon wallet. Money is integer cents of the market's currency; times are epoch
-- seconds. Catalog ids (items, categories, brands, skus) are not foreign keys: the catalog is
-- replaced whole on a reload, and a promotion whose targets are gone simply applies to nothing.

CREATE TABLE promotion (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  -- The code as shown, PROMOTION_CODE only; lookups go through promotion_code.
  code TEXT,
  source TEXT NOT NULL CHECK (source IN ('AUTO_DISCOUNT', 'PROMOTION_CODE', 'COUPON')),
  promotion_type TEXT NOT NULL DEFAULT 'DISCOUNT' CHECK (promotion_type IN ('DISCOUNT', 'EXCHANGE_PURCHASE', 'GIVEAWAY')),
  discount_type TEXT CHECK (discount_type IN ('FREE_SHIPPING', 'PERCENT', 'FIXED_AMOUNT')),
  -- PERCENT: a whole percent 1-100; FIXED_AMOUNT: cents.
  discount_value INTEGER NOT NULL DEFAULT 0 CHECK (discount_value >= 0),
  threshold_type TEXT NOT NULL DEFAULT 'NO_THRESHOLD' CHECK (threshold_type IN ('NO_THRESHOLD', 'QUANTITY', 'AMOUNT')),
  -- QUANTITY: items; AMOUNT: cents of the eligible lines.
  threshold_value INTEGER NOT NULL DEFAULT 0 CHECK (threshold_value >= 0),
  -- ALL items, or the SELECTED ones listed in promotion_scope (none listed: applies to nothing).
  applies_to TEXT NOT NULL DEFAULT 'ALL' CHECK (applies_to IN ('ALL', 'SELECTED')),
  market TEXT CHECK (market IN ('us', 'ca')),  -- null: both markets
  starts_at INTEGER,
  ends_at INTEGER,
  usage_limit INTEGER CHECK (usage_limit >= 0),
  per_customer_limit INTEGER CHECK (per_customer_limit >= 0),
  used_count INTEGER NOT NULL DEFAULT 0,
  member_only INTEGER NOT NULL DEFAULT 0,
  -- limitScene REDEEM: a coupon a member buys with integral_score points.
  integral_score INTEGER,
  limit_scene TEXT CHECK (limit_scene IN ('REDEEM')),
  max_discount_cent INTEGER CHECK (max_discount_cent >= 0),
  gift_sku_id INTEGER,
  gift_quantity INTEGER NOT NULL DEFAULT 1 CHECK (gift_quantity > 0),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  CHECK ((source = 'PROMOTION_CODE') = (code IS NOT NULL)),
  CHECK ((promotion_type = 'DISCOUNT') = (discount_type IS NOT NULL)),
  CHECK (discount_type IS NOT 'PERCENT' OR discount_value BETWEEN 1 AND 100),
  CHECK ((promotion_type = 'GIVEAWAY') = (gift_sku_id IS NOT NULL)),
  CHECK (limit_scene IS NULL OR (source = 'COUPON' AND integral_score > 0)),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at),
  -- The last guard against over-use: an order batch that would pass the limit fails whole.
  CHECK (usage_limit IS NULL OR used_count <= usage_limit)
);
-- The automatic discounts of a market in force now: a short list, read on every pricing.
CREATE INDEX promotion_auto ON promotion (market, ends_at) WHERE source = 'AUTO_DISCOUNT';
-- Coupons a member can redeem with points.
CREATE INDEX promotion_redeemable ON promotion (market, ends_at) WHERE limit_scene = 'REDEEM';

-- One row per market a code is valid in: a code is unique per market, whatever its case.
CREATE TABLE promotion_code (
  code TEXT NOT NULL COLLATE NOCASE,
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  promotion_id INTEGER NOT NULL REFERENCES promotion(id),
  PRIMARY KEY (code, market)
) WITHOUT ROWID;
CREATE INDEX promotion_code_promotion ON promotion_code (promotion_id);

CREATE TABLE promotion_scope (
  promotion_id INTEGER NOT NULL REFERENCES promotion(id),
  target_type TEXT NOT NULL CHECK (target_type IN ('ITEM', 'CATEGORY', 'BRAND')),
  target_id INTEGER NOT NULL,
  PRIMARY KEY (promotion_id, target_type, target_id)
) WITHOUT ROWID;

-- Exchange purchase: the skus offered as add-ons, at a price or a percent off (at most 60 %, §9).
CREATE TABLE promotion_add_on (
  promotion_id INTEGER NOT NULL REFERENCES promotion(id),
  sku_id INTEGER NOT NULL,
  price_cent INTEGER CHECK (price_cent >= 0),
  percent_off INTEGER CHECK (percent_off BETWEEN 1 AND 60),
  max_quantity INTEGER NOT NULL DEFAULT 1 CHECK (max_quantity > 0),
  CHECK ((price_cent IS NULL) <> (percent_off IS NULL)),
  PRIMARY KEY (promotion_id, sku_id)
) WITHOUT ROWID;

-- Each use by an order; an order uses a promotion at most once.
CREATE TABLE promotion_usage (
  id INTEGER PRIMARY KEY,
  promotion_id INTEGER NOT NULL REFERENCES promotion(id),
  account_id INTEGER,
  email TEXT COLLATE NOCASE,
  order_id TEXT NOT NULL,
  used_at INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (promotion_id, order_id)
);
CREATE INDEX promotion_usage_account ON promotion_usage (account_id, promotion_id) WHERE account_id IS NOT NULL;
CREATE INDEX promotion_usage_email ON promotion_usage (email, promotion_id) WHERE email IS NOT NULL;
CREATE INDEX promotion_usage_order ON promotion_usage (order_id);

-- A member's coupon wallet: claimed coupons, and those redeemed with points.
CREATE TABLE member_coupon (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  promotion_id INTEGER NOT NULL REFERENCES promotion(id),
  status TEXT NOT NULL DEFAULT 'AVAILABLE' CHECK (status IN ('AVAILABLE', 'USED', 'EXPIRED')),
  claimed_via TEXT NOT NULL DEFAULT 'CLAIM' CHECK (claimed_via IN ('CLAIM', 'REDEEM')),
  points_spent INTEGER NOT NULL DEFAULT 0,
  claimed_at INTEGER NOT NULL DEFAULT (unixepoch()),
  used_at INTEGER,
  order_id TEXT,
  UNIQUE (account_id, promotion_id)
);
CREATE INDEX member_coupon_account ON member_coupon (account_id, status);
