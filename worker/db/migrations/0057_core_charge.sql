-- Core deposits (issue 40, item 3): a part sold against the return of the old one (a remanufactured
-- alternator, starter, caliper, steering rack; a battery) carries a refundable core charge in each
-- market's currency, beside its price. NULL: the part has no core. The charge is never discounted:
-- promotions price discount_price alone.
ALTER TABLE sku_price ADD COLUMN core_charge INTEGER CHECK (core_charge IS NULL OR core_charge > 0);
