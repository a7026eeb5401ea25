-- The back office's catalog editor and CSV price/stock import (issue 22).
--
-- A version on each product and SKU, bumped by every staff change: a change names the version its
-- form was drawn from, and the batch's first statement moves the version only when it still
-- matches (to -1 otherwise, which the CHECK refuses, so the whole batch rolls back). Two staff
-- editing the same SKU therefore never overwrite each other silently. Orders taking stock do not
-- bump it: a stock change also names the stock it was drawn from.
ALTER TABLE item ADD COLUMN version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0);
ALTER TABLE sku ADD COLUMN version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0);

-- A checked CSV import: the dry run's report, kept under a random token, is exactly what Apply
-- applies. next_row is how far it has been applied; each batch moves it from the value it read (to
-- -1 otherwise, refused), so a double click or a second window never applies a row twice.
CREATE TABLE catalog_import (
  token TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id),
  file_name TEXT NOT NULL,
  file_sha256 TEXT NOT NULL,
  -- JSON: the rows that would change ([skuId, version, old and new stock and prices]), the rows
  -- refused (first ones) and the counts.
  report_json TEXT NOT NULL,
  change_count INTEGER NOT NULL,
  next_row INTEGER NOT NULL DEFAULT 0 CHECK (next_row >= 0),
  applied INTEGER NOT NULL DEFAULT 0,
  skipped INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'CHECKED' CHECK (status IN ('CHECKED', 'APPLIED')),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  applied_at INTEGER
);
CREATE INDEX catalog_import_recent ON catalog_import (created_at DESC);
