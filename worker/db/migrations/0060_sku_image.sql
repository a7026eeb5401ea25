-- A variant's own picture (a black finish, a left-hand side): shown first on the product page when the shopper
-- chooses that SKU; null when the item's gallery shows it as it is.
ALTER TABLE sku ADD COLUMN image_url TEXT;
