-- Sales tax (issue 39): what each order was charged, line by line and jurisdiction by
-- jurisdiction (state, county, city, special district; Canada's GST/HST, a province's PST or QST),
-- what was committed to the tax service once it was paid, and what refunds and cancellations gave
-- back. The order's tax lines as shoppers read them stay in order_tax; these rows are the ledger the
-- commits, the reversals and the filing report are made from.

CREATE TABLE tax_record (
  order_id TEXT PRIMARY KEY REFERENCES orders(id),
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  region TEXT NOT NULL,
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'CAD')),
  -- Who figured the tax charged; the service configured for the market when it was placed.
  provider TEXT NOT NULL CHECK (provider IN ('offline', 'stripe', 'avalara')),
  configured TEXT NOT NULL CHECK (configured IN ('offline', 'stripe', 'avalara')),
  -- The service was down at checkout: the offline table's estimate was charged (staff see the flag).
  estimated INTEGER NOT NULL DEFAULT 0 CHECK (estimated IN (0, 1)),
  -- The shop is registered in the ship-to state or province (else nothing is charged or committed).
  collecting INTEGER NOT NULL DEFAULT 1 CHECK (collecting IN (0, 1)),
  calculation_ref TEXT,
  request TEXT NOT NULL,                      -- JSON: what was asked (a later commit asks it again)
  certificate_id INTEGER,                     -- the buyer's exemption certificate that applied
  exempt_cent INTEGER NOT NULL DEFAULT 0 CHECK (exempt_cent >= 0),
  tax_cent INTEGER NOT NULL CHECK (tax_cent >= 0),
  -- PENDING until the paid sale is committed; VOIDED when the order was cancelled unpaid.
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMMITTED', 'VOIDED')),
  sold_at INTEGER,                            -- when it was paid: the month it is filed in
  transaction_ref TEXT,
  committed_tax_cent INTEGER,                 -- the tax the service holds the shop liable for
  committed_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- Whoever is committing it (the queue or the cron) holds it until then: one call to the service at a time.
  lease_until INTEGER,
  -- An unpaid order's sale: the cron's catch-up passes it over until then (paying queues its commit).
  look_again_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX tax_record_pending ON tax_record (created_at) WHERE status = 'PENDING';
CREATE INDEX tax_record_sold ON tax_record (market, sold_at) WHERE sold_at IS NOT NULL;

-- Each line's tax base and tax (line_no 0 is the shipping), with the service's id of the line.
CREATE TABLE tax_line (
  order_id TEXT NOT NULL REFERENCES tax_record(order_id),
  line_no INTEGER NOT NULL,
  ref TEXT NOT NULL,
  amount_cent INTEGER NOT NULL CHECK (amount_cent >= 0),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  tax_cent INTEGER NOT NULL CHECK (tax_cent >= 0),
  provider_line_ref TEXT,
  PRIMARY KEY (order_id, line_no)
) WITHOUT ROWID;

-- A line's tax by jurisdiction: who levies it, at what rate, on what.
CREATE TABLE tax_detail (
  order_id TEXT NOT NULL,
  line_no INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  level TEXT NOT NULL CHECK (level IN ('country', 'state', 'county', 'city', 'district')),
  region TEXT NOT NULL,
  tax_name TEXT NOT NULL,
  rate INTEGER NOT NULL,
  taxable_cent INTEGER NOT NULL,
  tax_cent INTEGER NOT NULL CHECK (tax_cent >= 0),
  PRIMARY KEY (order_id, line_no, seq)
) WITHOUT ROWID;

-- Tax given back: a refund's (by its key) or a cancellation's. Recorded in the refund's own batch;
-- VOIDED when the payment provider refused the refund; sent_at once the service has it.
CREATE TABLE tax_reversal (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES tax_record(order_id),
  reference TEXT NOT NULL UNIQUE,
  is_full INTEGER NOT NULL DEFAULT 0 CHECK (is_full IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'RECORDED' CHECK (status IN ('RECORDED', 'VOIDED')),
  amount_cent INTEGER NOT NULL CHECK (amount_cent >= 0),
  tax_cent INTEGER NOT NULL CHECK (tax_cent >= 0),
  transaction_ref TEXT,
  sent_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  lease_until INTEGER,                        -- held by whoever is sending it, as a sale's commit is
  created_at INTEGER NOT NULL
);
CREATE INDEX tax_reversal_order ON tax_reversal (order_id, id);
CREATE INDEX tax_reversal_unsent ON tax_reversal (created_at) WHERE sent_at IS NULL AND status = 'RECORDED';

-- Units given back per line (0 for a refund of an amount, which gives back no units).
CREATE TABLE tax_reversal_line (
  reversal_id INTEGER NOT NULL REFERENCES tax_reversal(id),
  line_no INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  amount_cent INTEGER NOT NULL CHECK (amount_cent >= 0),
  tax_cent INTEGER NOT NULL CHECK (tax_cent >= 0),
  PRIMARY KEY (reversal_id, line_no)
) WITHOUT ROWID;

CREATE TABLE tax_reversal_detail (
  reversal_id INTEGER NOT NULL REFERENCES tax_reversal(id),
  line_no INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  taxable_cent INTEGER NOT NULL,
  tax_cent INTEGER NOT NULL CHECK (tax_cent >= 0),
  PRIMARY KEY (reversal_id, line_no, seq)
) WITHOUT ROWID;
