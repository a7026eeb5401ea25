-- A refund gives back its share of the points the shopper paid with (issue 21): the points given
-- back by each refund, so later refunds never give back more than was spent on the order.
ALTER TABLE order_refund ADD COLUMN points_returned INTEGER NOT NULL DEFAULT 0;
