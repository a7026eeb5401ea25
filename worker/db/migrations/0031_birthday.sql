-- Birthday points (issue 21 item 2): a member may give their birthday's month and day (no year: the
-- shop needs no age) and gets their level's birthday points on it, at most once per calendar year.
ALTER TABLE account ADD COLUMN birth_month INTEGER CHECK (birth_month BETWEEN 1 AND 12);
ALTER TABLE account ADD COLUMN birth_day INTEGER CHECK (birth_day BETWEEN 1 AND 31);

-- A year's birthday points are written once (reference: the year, 'YYYY'): a daily run repeated or
-- raced, or a birthday moved to a later day of the same year, writes nothing more.
CREATE UNIQUE INDEX points_ledger_birthday_once ON points_ledger (account_id, reference) WHERE reason = 'BIRTHDAY';

-- The daily run finds the members whose birthday is today.
CREATE INDEX account_birthday ON account (birth_month, birth_day, id) WHERE birth_month IS NOT NULL;
