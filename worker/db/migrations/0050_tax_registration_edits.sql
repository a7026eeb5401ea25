-- Where the shop collects sales tax (issue 39): each change an owner makes to the registrations, in
-- order. Checkout reads the registrations from the shop settings in KV, which cannot refuse a write
-- made from an older value; this table can. Each change takes the next revision (its primary key),
-- so of two owners saving at once one lands and the other is read again and retried: neither change
-- is lost. Each row keeps every registration as they stand after it: the settings are published from
-- the newest row, and published again if a write to KV was lost.

CREATE TABLE tax_registration_edit (
  revision INTEGER PRIMARY KEY,
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  -- A US state's code, or a Canadian registration (GST/HST, QST, PST-BC, PST-MB, PST-SK).
  registration TEXT NOT NULL,
  before_json TEXT,                           -- the registration before the change (null: none)
  after_json TEXT,                            -- and after it (null: removed)
  registrations TEXT NOT NULL,                -- JSON: every registration of both markets after this change
  staff_id INTEGER,
  created_at INTEGER NOT NULL
);

-- The filing report reads refunds' reversals by the month they were recorded.
CREATE INDEX tax_reversal_created ON tax_reversal (created_at);
