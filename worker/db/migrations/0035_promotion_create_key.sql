-- The back office's "Create promotion" form carries a key of its own: a double click or a retried
-- request creates one promotion, and the second answer leads to it.
ALTER TABLE promotion ADD COLUMN create_key TEXT;
CREATE UNIQUE INDEX promotion_create_key ON promotion (create_key) WHERE create_key IS NOT NULL;
