-- Accounts, sessions, addresses, newsletter subscriptions and the email outbox.

CREATE TABLE account (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,                        -- null for email-only and third-party accounts
  email_verified INTEGER NOT NULL DEFAULT 0,
  client_type TEXT NOT NULL DEFAULT 'WEB',
  zip_code TEXT,
  default_garage INTEGER,
  use_first_discount INTEGER NOT NULL DEFAULT 0,
  subscribed INTEGER NOT NULL DEFAULT 0,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  -- Bumped on password change: every token issued before stops working.
  token_version INTEGER NOT NULL DEFAULT 1,
  market TEXT NOT NULL DEFAULT 'us' CHECK (market IN ('us', 'ca')),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);

-- A third-party identity (OpenID Connect issuer + subject) linked to an account.
CREATE TABLE account_identity (
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  account_id INTEGER NOT NULL REFERENCES account(id),
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (issuer, subject)
) WITHOUT ROWID;

CREATE TABLE address (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES account(id),
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phone TEXT NOT NULL,
  address_line1 TEXT NOT NULL,
  address_line2 TEXT,
  city TEXT NOT NULL,
  region_code TEXT NOT NULL,                -- state, or province/territory
  postal_code TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX address_account ON address (account_id, is_default DESC, id);

-- Signed links (verify email, reset password, change email, confirm newsletter) are single-use:
-- a link's id is recorded here when it is used.
CREATE TABLE used_link (
  id TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  used_at INTEGER NOT NULL DEFAULT (unixepoch())
) WITHOUT ROWID;

CREATE TABLE newsletter_subscription (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED')),
  source TEXT NOT NULL,
  position TEXT,
  account_id INTEGER REFERENCES account(id),
  market TEXT NOT NULL DEFAULT 'us',
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
) WITHOUT ROWID;

-- Every message the shop sends; locally this is where they go, and a dev page lists them.
CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  kind TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX email_outbox_to ON email_outbox (to_address, id DESC);
