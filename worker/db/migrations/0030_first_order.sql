-- First-order promotions (issue 21 §4 /sign-up-discount, §3 useFirstDiscount): a promotion that
-- applies only to a shopper's first order. A member qualifies while their account has not used one
-- (account.use_first_discount = 0) and has no earlier order that is paid or awaiting payment; a
-- guest while their email has no such order. The order that uses one marks the account in its batch.
ALTER TABLE promotion ADD COLUMN first_order_only INTEGER NOT NULL DEFAULT 0 CHECK (first_order_only IN (0, 1));
-- The live first-order offers of a market (/sign-up-discount).
CREATE INDEX promotion_first_order ON promotion (market, ends_at) WHERE first_order_only = 1;
-- Whether an email already has an order that counts (not cancelled), members' orders included.
CREATE INDEX orders_email_live ON orders (email) WHERE status <> 'CANCELLED';
