-- Review moderation in the back office (issue 19): who decided and when, why a review was turned
-- down, a staff note flag, where the reviewer can be told, and the photos a review carries.

-- The staff member (email at the time) who published or rejected the review, and when (unix seconds).
ALTER TABLE review ADD COLUMN moderated_by TEXT;
ALTER TABLE review ADD COLUMN moderated_at INTEGER;
-- Why a REJECTED review was turned down, as the reviewer is told.
ALTER TABLE review ADD COLUMN rejection_reason TEXT;
-- A staff note on the review ('Contains personal data', 'Off-topic', ...); null when none.
ALTER TABLE review ADD COLUMN staff_flag TEXT;
-- Where the reviewer is told about a rejection: the email and market a signed review invitation
-- carried. Null for a review written without one (the shop has no address to write to).
ALTER TABLE review ADD COLUMN reviewer_email TEXT;
ALTER TABLE review ADD COLUMN reviewer_market TEXT CHECK (reviewer_market IN ('us', 'ca'));

-- The moderation queue: one status, oldest first.
CREATE INDEX review_queue ON review (status, created_at, id);

-- A review's photos, kept in R2 and served under /media/{media_key}, in the order the reviewer gave.
CREATE TABLE review_photo (
  review_id INTEGER NOT NULL REFERENCES review(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  media_key TEXT NOT NULL,
  PRIMARY KEY (review_id, idx)
) WITHOUT ROWID;
