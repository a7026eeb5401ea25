-- The schema's own record of the shop's data version; catalog, accounts and orders follow in
-- later migrations.
CREATE TABLE IF NOT EXISTS shop_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);
