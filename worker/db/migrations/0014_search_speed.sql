-- Search and typeahead at catalog scale (issue 6 budgets: 200,000 items).
--
-- item_rank numbers the items by sales, best-selling first; item_search_ranked indexes the same
-- text as item_search (same columns, so bm25 scores agree) with the rank as its rowid. FTS5
-- returns matches in rowid order, so "the N best-selling matches" is a scan that stops after N
-- rows instead of a sort of every match: the typeahead reads a handful, a keyword search caps
-- its candidates this way. Contentless: the text already lives in item_search. The 1-character
-- prefix index serves a half-typed last word ('air f').
--
-- Both are derived from item and item_search and rebuilt by the catalog load
-- (scripts/data/catalog-sql.ts searchIndexStatements); whatever rewrites item_search rebuilds them.
CREATE TABLE item_rank (
  rank INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL
);

CREATE VIRTUAL TABLE item_search_ranked USING fts5(
  title, part_numbers, brand, category,
  content = '',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);

-- What a keyword search reads of each candidate item (search-repository.ts names it with INDEXED
-- BY): a narrow index answers the candidates' lookups without touching the wide item rows.
CREATE INDEX item_search_facts ON item (
  id, us_status, ca_status, non_vehicle, vehicle_universal, back_category_id, brand_id,
  min_price_usd, min_price_cad, sales, review_rating, review_count
);

-- A catalog loaded before this migration gets its ranks now.
INSERT INTO item_rank (rank, item_id) SELECT row_number() OVER (ORDER BY sales DESC, id), id FROM item;
INSERT INTO item_search_ranked (rowid, title, part_numbers, brand, category)
  SELECT r.rank, s.title, s.part_numbers, s.brand, s.category FROM item_rank r JOIN item_search s ON s.rowid = r.item_id ORDER BY r.rank;
