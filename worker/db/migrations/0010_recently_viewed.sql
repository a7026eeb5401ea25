-- A member's recently viewed products (spec §4 Recently viewed, §9: 10 items). Visitors keep theirs in
-- the browser. viewed_at is in milliseconds and strictly increases per member, so the order is total.
-- The item is not a foreign key: the catalog is replaced whole on a reload (as garage_vehicle notes);
-- an item that no longer exists is left out when the list is read.
CREATE TABLE recently_viewed (
  account_id INTEGER NOT NULL REFERENCES account(id),
  item_id INTEGER NOT NULL,
  viewed_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, item_id)
) WITHOUT ROWID;
CREATE INDEX recently_viewed_newest ON recently_viewed (account_id, viewed_at DESC);
