-- The garage (spec §4): a member's saved vehicles, each stored by its deepest chosen vehicle node.
-- Exactly one is the default; account.default_garage mirrors its id. The vehicle node is not a
-- foreign key: the catalog (vehicles included) is replaced whole on a reload, and node ids are
-- stable for the same vehicle data; a vehicle that no longer resolves is dropped when listed.

CREATE TABLE garage_vehicle (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES account(id),
  attribute_value_id INTEGER NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (account_id, attribute_value_id)
);
CREATE INDEX garage_vehicle_account ON garage_vehicle (account_id, is_default DESC, created_at DESC);
