-- Batches of single-use codes (issue 22): each code is a promotion of its own, cloned from the code
-- promotion it was generated from, with a usage limit of 1. The engine's checks, the order batch's
-- usage guard and a cancellation's release then work on it unchanged; the back office lists the
-- parent only, and an edit or a pause of the parent reaches its codes.
ALTER TABLE promotion ADD COLUMN batch_parent_id INTEGER REFERENCES promotion(id);
CREATE INDEX promotion_batch_parent ON promotion (batch_parent_id) WHERE batch_parent_id IS NOT NULL;
