-- The language an order was placed in (issue 37): its emails speak the shopper's language, French
-- for an order placed on the Canadian site's French pages. Older orders were all placed in English.
ALTER TABLE orders ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'fr'));
