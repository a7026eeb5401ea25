-- Parts the law treats differently (issue 40, items 1 and 2).
--
-- Emissions compliance: an emissions-related part names its kind (the rules of
-- shared/regulated-parts.ts speak of kinds: which states follow California for which) and its legal
-- status: FIFTY_STATE (sold everywhere, with its CARB Executive Order number), FORTY_NINE_STATE (not
-- legal in California and the states that follow it for the kind), OFF_ROAD (off-road use only). A
-- part without a kind is not an emissions part and has neither status nor EO number.
ALTER TABLE item ADD COLUMN emissions_kind TEXT CHECK (emissions_kind IN ('CATALYTIC_CONVERTER', 'EXHAUST_MANIFOLD'));
ALTER TABLE item ADD COLUMN emissions_status TEXT
  CHECK (emissions_status IN ('FIFTY_STATE', 'FORTY_NINE_STATE', 'OFF_ROAD'));
ALTER TABLE item ADD COLUMN carb_eo TEXT CHECK (carb_eo IS NULL OR length(carb_eo) BETWEEN 3 AND 40);

-- Proposition 65: the listed chemicals the part can expose its user to (a JSON array of names, as
-- the warning names them) and what they are known to cause. Both or neither.
ALTER TABLE item ADD COLUMN prop65_kind TEXT CHECK (prop65_kind IN ('CANCER', 'REPRODUCTIVE', 'BOTH'));
ALTER TABLE item ADD COLUMN prop65_chemicals TEXT CHECK (prop65_chemicals IS NULL OR json_valid(prop65_chemicals));

-- The Prop 65 warning an order's line was sold with (shipped to California): {"kind", "chemicals"}
-- as JSON, so the order's email and pages keep the warning the shopper saw, whatever the catalog
-- says later.
ALTER TABLE order_line ADD COLUMN prop65 TEXT CHECK (prop65 IS NULL OR json_valid(prop65));
