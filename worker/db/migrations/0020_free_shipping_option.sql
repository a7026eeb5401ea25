-- A FREE_SHIPPING promotion can be limited to one shipping option (issue 18 item 4): the automatic
-- "Free Standard Shipping" takes Standard Shipping off and leaves a faster option paid. Null: any option.
ALTER TABLE promotion ADD COLUMN shipping_option TEXT CHECK (shipping_option IS NULL OR discount_type = 'FREE_SHIPPING');
