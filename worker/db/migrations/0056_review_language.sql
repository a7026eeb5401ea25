-- The language of the order whose review invitation a review was written from (issue 37): the email that
-- tells its reviewer it was not published speaks it. Null for reviews written without an invitation.
ALTER TABLE review ADD COLUMN reviewer_locale TEXT CHECK (reviewer_locale IS NULL OR reviewer_locale IN ('en', 'fr'));
