-- Demo promotions for both markets (issue 7). Run after the migrations and the catalog load:
--   npx wrangler d1 execute DB --local --persist-to DIR --yes --file worker/db/seed/promotions.sql
-- Idempotent: rows have fixed ids (1001-1099) and are inserted only when missing. Rows that point
-- into the catalog (category scopes, add-on and gift skus) are found by category handle; without
-- a catalog they are skipped (a SELECTED scope with no rows applies to nothing), and running the
-- file again after the catalog load adds them.

-- 10 % off any order of $150.00 (CA$150.00) or more, automatically.
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at)
VALUES (1001, '10% off orders of $150+', 'AUTO_DISCOUNT', 'DISCOUNT', 'PERCENT', 10, 'AMOUNT', 15000, 'ALL', NULL, unixepoch() - 2592000, unixepoch() + 31536000);

-- BRAKES15: 15 % off brake parts, at most $100.00 off, up to 5000 orders.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, usage_limit, max_discount_cent)
VALUES (1002, '15% off brakes', 'BRAKES15', 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 15, 'NO_THRESHOLD', 0, 'SELECTED', NULL, unixepoch() - 2592000, unixepoch() + 31536000, 5000, 10000);

-- FREESHIP: free shipping with any option (Expedited too) on orders of $99.00 or more.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at)
VALUES (1003, 'Free shipping over $99', 'FREESHIP', 'PROMOTION_CODE', 'DISCOUNT', 'FREE_SHIPPING', 0, 'AMOUNT', 9900, 'ALL', NULL, unixepoch() - 2592000, unixepoch() + 31536000);

-- A $20.00 coupon for members buying 2 or more items (US), once per member.
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, per_customer_limit, member_only)
VALUES (1004, '$20 off 2+ items', 'COUPON', 'DISCOUNT', 'FIXED_AMOUNT', 2000, 'QUANTITY', 2, 'ALL', 'us', unixepoch() - 2592000, unixepoch() + 31536000, 1, 1);

-- A $10.00 coupon (orders of $50.00 or more) that members buy with 1000 points (limitScene REDEEM).
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, per_customer_limit, member_only, integral_score, limit_scene)
VALUES (1005, '$10 off for 1000 points', 'COUPON', 'DISCOUNT', 'FIXED_AMOUNT', 1000, 'AMOUNT', 5000, 'ALL', NULL, unixepoch() - 2592000, unixepoch() + 31536000, 1, 1, 1000, 'REDEEM');

-- Exchange purchase: brake fluid at 40 % off as an add-on to $100.00 of brake parts.
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at)
VALUES (1006, 'Brake job add-ons', 'AUTO_DISCOUNT', 'EXCHANGE_PURCHASE', NULL, 0, 'AMOUNT', 10000, 'SELECTED', NULL, unixepoch() - 2592000, unixepoch() + 31536000);

-- Giveaway: a free bottle of brake fluid with $200.00 of brake parts (needs the catalog for its sku).
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, gift_sku_id, gift_quantity)
SELECT 1007, 'Free brake fluid with $200 of brakes', 'AUTO_DISCOUNT', 'GIVEAWAY', NULL, 0, 'AMOUNT', 20000, 'SELECTED', NULL, unixepoch() - 2592000, unixepoch() + 31536000, s.id, 1
FROM sku s JOIN item i ON i.id = s.item_id JOIN category c ON c.id = i.back_category_id
WHERE c.kind = 'BACK' AND c.handle = 'brake-fluid' ORDER BY s.id LIMIT 1;

-- SPRING10: last spring's code, expired a month ago.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at)
VALUES (1008, 'Spring tune-up 10% off', 'SPRING10', 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 10, 'NO_THRESHOLD', 0, 'ALL', NULL, unixepoch() - 7776000, unixepoch() - 2592000);

-- CANADA15: Canada only, 15 % off orders of CA$100.00 or more.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at)
VALUES (1009, 'Canada 15% off CA$100+', 'CANADA15', 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 15, 'AMOUNT', 10000, 'ALL', 'ca', unixepoch() - 2592000, unixepoch() + 31536000);

-- WELCOME5: $5.00 off a member's first order (US), once per member.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, per_customer_limit, member_only)
VALUES (1010, 'Welcome $5 off', 'WELCOME5', 'PROMOTION_CODE', 'DISCOUNT', 'FIXED_AMOUNT', 500, 'NO_THRESHOLD', 0, 'ALL', 'us', unixepoch() - 2592000, unixepoch() + 31536000, 1, 1);

-- Free Standard Shipping, automatically (no code), one per market with its own threshold: $99.00 in
-- the US, CA$129.00 in Canada. The home page banner and the shipping policy are written from these
-- rows, so the promise and the price are the same thing. Expedited Shipping stays paid.
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, shipping_option)
VALUES (1011, 'Free Standard Shipping', 'AUTO_DISCOUNT', 'DISCOUNT', 'FREE_SHIPPING', 0, 'AMOUNT', 9900, 'ALL', 'us', unixepoch() - 2592000, unixepoch() + 31536000, 'Standard Shipping');
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, shipping_option)
VALUES (1012, 'Free Standard Shipping', 'AUTO_DISCOUNT', 'DISCOUNT', 'FREE_SHIPPING', 0, 'AMOUNT', 12900, 'ALL', 'ca', unixepoch() - 2592000, unixepoch() + 31536000, 'Standard Shipping');

-- A first order of $25.00 (CA$25.00) or more gets $5.00 (CA$5.00) off, automatically, in both markets:
-- a member's first order or a guest email's (first_order_only). Its name is the one the shop settings'
-- guest coupon (COUPON_SETTINGS.guest.couponName) and /sign-up-discount show.
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, first_order_only)
VALUES (1013, 'First order $5 off', 'AUTO_DISCOUNT', 'DISCOUNT', 'FIXED_AMOUNT', 500, 'AMOUNT', 2500, 'ALL', NULL, unixepoch() - 2592000, unixepoch() + 31536000, 1);

-- Member level coupons (issue 21): the shop settings' MEMBER_LEVELS give 1014 to Gold and 1015 to Silver
-- members (benefits.couponIds), who claim them once each on /myAccount/member/level; both markets.
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, per_customer_limit, member_only)
VALUES (1014, 'Gold members: $15 off $100', 'COUPON', 'DISCOUNT', 'FIXED_AMOUNT', 1500, 'AMOUNT', 10000, 'ALL', NULL, unixepoch() - 2592000, unixepoch() + 31536000, 1, 1);
INSERT OR IGNORE INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, per_customer_limit, member_only)
VALUES (1015, 'Silver members: $5 off $50', 'COUPON', 'DISCOUNT', 'FIXED_AMOUNT', 500, 'AMOUNT', 5000, 'ALL', NULL, unixepoch() - 2592000, unixepoch() + 31536000, 1, 1);

-- Codes, one row per market each is valid in.
INSERT OR IGNORE INTO promotion_code (code, market, promotion_id)
SELECT p.code, m.market, p.id FROM promotion p JOIN (SELECT 'us' AS market UNION ALL SELECT 'ca') m ON p.market IS NULL OR p.market = m.market
WHERE p.code IS NOT NULL AND p.id BETWEEN 1001 AND 1099;

-- Brake scopes: the Brakes back category and its subcategories.
INSERT OR IGNORE INTO promotion_scope (promotion_id, target_type, target_id)
SELECT p.id, 'CATEGORY', c.id FROM promotion p JOIN category c
  ON c.kind = 'BACK' AND (c.handle = 'brakes' OR c.parent_id = (SELECT id FROM category WHERE kind = 'BACK' AND handle = 'brakes'))
WHERE p.id IN (1002, 1006, 1007);

-- The add-ons of 'Brake job add-ons': up to three brake fluids, one each per order.
INSERT OR IGNORE INTO promotion_add_on (promotion_id, sku_id, percent_off, max_quantity)
SELECT 1006, s.id, 40, 1 FROM sku s JOIN item i ON i.id = s.item_id JOIN category c ON c.id = i.back_category_id
WHERE c.kind = 'BACK' AND c.handle = 'brake-fluid' ORDER BY s.id LIMIT 3;

-- Campaign codes (issue 22): each code a campaign page advertises (kv-seed/campaigns/*.json), valid in
-- exactly the page's window, so the page's words and the cart agree (tests/worker/campaign-codes.test.ts).
-- BF2024 is the shop settings' BF_CODE (BLACK_FRIDAY_2024_CONFIG), in BLACK_FRIDAY_CONFIG's window.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, max_discount_cent)
VALUES (1020, 'Black Friday: 40% off brakes, lighting and floor mats', 'BF2024', 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 40, 'NO_THRESHOLD', 0, 'SELECTED', NULL, unixepoch('2026-11-27 05:00:00'), unixepoch('2026-12-01 08:00:00'), 10000);

-- BFEARLY15: the early Black Friday week (/campaign/bf2), 15 % off any part, at most $75.00 off.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, max_discount_cent)
VALUES (1021, 'Early Black Friday: 15% off any part', 'BFEARLY15', 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 15, 'NO_THRESHOLD', 0, 'ALL', NULL, unixepoch('2026-11-20 05:00:00'), unixepoch('2026-11-27 05:00:00'), 7500);

-- ROLLING20: Cyber week (/campaign/amazing-offers-rolling-in), 20 % off suspension, steering, engine and cooling.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, max_discount_cent)
VALUES (1022, 'Cyber week: 20% off suspension and engine parts', 'ROLLING20', 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 20, 'NO_THRESHOLD', 0, 'SELECTED', NULL, unixepoch('2026-12-01 08:00:00'), unixepoch('2026-12-15 08:00:00'), 10000);

-- EASTER27: the Easter sale (/sale/easter-sale), 15 % off orders of $75.00 (CA$75.00) or more, once per member.
INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at, per_customer_limit, max_discount_cent)
VALUES (1023, 'Easter Sale: 15% off $75+', 'EASTER27', 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 15, 'AMOUNT', 7500, 'ALL', NULL, unixepoch('2027-03-19 04:00:00'), unixepoch('2027-04-06 04:00:00'), 1, 15000);

INSERT OR IGNORE INTO promotion_code (code, market, promotion_id)
SELECT p.code, m.market, p.id FROM promotion p JOIN (SELECT 'us' AS market UNION ALL SELECT 'ca') m ON p.market IS NULL OR p.market = m.market
WHERE p.code IS NOT NULL AND p.id BETWEEN 1020 AND 1039;

-- Campaign scopes: each named back category and its subcategories.
INSERT OR IGNORE INTO promotion_scope (promotion_id, target_type, target_id)
SELECT s.id, 'CATEGORY', c.id FROM (
  SELECT 1020 AS id, 'brakes' AS handle UNION ALL SELECT 1020, 'lighting' UNION ALL SELECT 1020, 'floor-mats'
  UNION ALL SELECT 1022, 'suspension-steering' UNION ALL SELECT 1022, 'engine-cooling'
) s JOIN category top ON top.kind = 'BACK' AND top.handle = s.handle
JOIN category c ON c.kind = 'BACK' AND (c.id = top.id OR c.parent_id = top.id);
