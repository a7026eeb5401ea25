-- Exempt buyers (issue 39 item 3): a member's resale or exemption certificate, kept privately in R2,
-- reviewed by staff (approved with the states or provinces it covers and its expiry, or rejected
-- with a reason), and the exempt sales it made, per jurisdiction, for the filing report.

CREATE TABLE tax_exemption (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES account(id),
  -- The site it was sent from: its regions are that market's (US states, Canada's PST provinces).
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  kind TEXT NOT NULL CHECK (kind IN ('RESALE', 'EXEMPTION')),
  -- The certificate's (or permit's) number as printed on it; sent to the tax service with each exempt sale.
  number TEXT NOT NULL CHECK (length(number) BETWEEN 1 AND 25),
  -- JSON array of the regions the member named ('US-OH', 'CA-BC'); staff approve their own choice.
  claimed_regions TEXT NOT NULL,
  -- The file: a random key under tax-exemptions/, never served but through the member's and staff's routes.
  object_key TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size INTEGER NOT NULL CHECK (size > 0),
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  -- The last day it applies (YYYY-MM-DD, inclusive); set when approved.
  expires_on TEXT CHECK (expires_on IS NULL OR expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  reason TEXT,                                -- why it was rejected
  decided_by INTEGER REFERENCES staff(id),
  decided_at INTEGER,
  created_at INTEGER NOT NULL,
  CHECK (status <> 'APPROVED' OR expires_on IS NOT NULL),
  CHECK (status <> 'REJECTED' OR reason IS NOT NULL)
);
CREATE INDEX tax_exemption_account ON tax_exemption (account_id, status);
CREATE INDEX tax_exemption_queue ON tax_exemption (status, created_at);

-- The regions an approved certificate covers, as staff approved them.
CREATE TABLE tax_exemption_region (
  certificate_id INTEGER NOT NULL REFERENCES tax_exemption(id),
  region TEXT NOT NULL,
  PRIMARY KEY (certificate_id, region)
) WITHOUT ROWID;
CREATE INDEX tax_exemption_region_lookup ON tax_exemption_region (region, certificate_id);

-- A certificate's exempt sale by jurisdiction: what the jurisdiction would have taxed but did not
-- (a line's price, or the shipping where the jurisdiction taxes shipping). The filing report's
-- "exempt sales" per jurisdiction and month is this column summed over the sold orders.
ALTER TABLE tax_detail ADD COLUMN exempt_cent INTEGER NOT NULL DEFAULT 0 CHECK (exempt_cent >= 0);
-- A refund's or cancellation's share of those exempt sales, jurisdiction by jurisdiction, as its
-- share of taxable sales and tax is kept: the report's exempt sales are net of what went back.
ALTER TABLE tax_reversal_detail ADD COLUMN exempt_cent INTEGER NOT NULL DEFAULT 0 CHECK (exempt_cent >= 0);
