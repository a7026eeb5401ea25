-- Points expiry and its reminder (issue 21). Earned points expire a number of months after the
-- day they were credited (shop settings), oldest first, as one EXPIRED ledger row per member and
-- earn day; the row's reference is that day ('YYYY-MM-DD').

-- An earn day's expiry is written once: a cron run twice, or two at once, writes nothing more.
CREATE UNIQUE INDEX points_ledger_expired_once ON points_ledger (account_id, reference) WHERE reason = 'EXPIRED';

-- The daily run finds the credits old enough to expire, or expiring soon, by time.
CREATE INDEX points_ledger_credit_time ON points_ledger (created_at, account_id) WHERE delta > 0;

-- The "your points expire soon" email, sent once per member and expiry date.
CREATE TABLE points_expiry_reminder (
  account_id INTEGER NOT NULL REFERENCES account(id),
  expires_on TEXT NOT NULL,                  -- 'YYYY-MM-DD' (UTC)
  points INTEGER NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, expires_on)
) WITHOUT ROWID;

-- The points work runs once a day from the five-minute cron: the first run of a UTC day claims it.
CREATE TABLE points_daily_run (
  day TEXT PRIMARY KEY,                      -- 'YYYY-MM-DD' (UTC)
  started_at INTEGER NOT NULL
) WITHOUT ROWID;
