-- The words of the search index, for a keyword search to spell out its last word's prefix as the words it starts
-- (search/candidates-repository.ts): FTS5 merges every word of a prefix on each MATCH, the search's costliest step
-- on a large catalog, while reading a few words from the vocabulary costs almost nothing.
CREATE VIRTUAL TABLE item_search_terms USING fts5vocab(item_search, 'row');
