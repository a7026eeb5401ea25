-- Postal codes the shop knows (US ZIP codes; Canadian forward sortation areas, the first three
-- characters of a postal code) and the area dictionary (country > state/province > city)
-- behind /infra/public/area-dict/*. Both are data, not schema: scripts/data/postal.ts loads
-- them from the committed extract in data/postal/ (npm run data:postal -- --load).
CREATE TABLE IF NOT EXISTS postal_code (
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  post_code TEXT NOT NULL,
  -- NOCASE: type-ahead compares city prefixes without regard to case, through the index below.
  city TEXT NOT NULL COLLATE NOCASE,
  state_code TEXT NOT NULL,
  PRIMARY KEY (market, post_code)
) WITHOUT ROWID;

CREATE INDEX IF NOT EXISTS postal_code_city ON postal_code (market, city);

-- level 1 country (ids 2022 US, 2023 Canada: the §3 Country config codes), 2 state, province or
-- territory (country id x 100 + its place in shared/regions.ts), 3 city (state id x 10000 + n).
CREATE TABLE IF NOT EXISTS area (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES area (id),
  level INTEGER NOT NULL CHECK (level IN (1, 2, 3)),
  name TEXT NOT NULL,
  code TEXT
);

CREATE INDEX IF NOT EXISTS area_parent ON area (parent_id);
