-- The language a member reads the Canadian shop in (issue 37): the last one they opened its pages in
-- (the header's switch, or a French link), kept in their profile. Emails not tied to an order (their
-- points expiring) speak it; null until they open a page signed in.
ALTER TABLE account ADD COLUMN locale TEXT CHECK (locale IS NULL OR locale IN ('en', 'fr'));
