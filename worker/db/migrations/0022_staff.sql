-- The back office (/admin): staff identities, apart from shoppers' accounts, and the append-only
-- audit log of what they do.

CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'fulfilment', 'support', 'merchandiser')),
  -- Null for staff who only sign in through Cloudflare Access.
  password_hash TEXT,
  -- The base32 TOTP secret (RFC 6238) of the second factor; null with password_hash.
  totp_secret TEXT,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  -- Bumped on deactivation and role change: every session issued before stops working.
  session_version INTEGER NOT NULL DEFAULT 1,
  -- The last TOTP time step accepted: a code is used once (RFC 6238 section 5.2).
  totp_last_step INTEGER NOT NULL DEFAULT 0,
  -- Wrong sign-ins since the last good one; the lockout itself is per source, as for shoppers
  -- (worker/platform/rate-limit.ts), so nobody can lock a colleague out from elsewhere.
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  last_failed_at INTEGER,
  last_sign_in_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);

-- Who did what to which record, with the record before and after: never changed, never removed.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  staff_id INTEGER REFERENCES staff(id),
  -- The email at the time: the record stays readable whatever happens to the staff row.
  staff_email TEXT NOT NULL,
  action TEXT NOT NULL,
  record_type TEXT NOT NULL,
  record_id TEXT,
  before_json TEXT,
  after_json TEXT,
  at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX audit_log_recent ON audit_log (at DESC, id DESC);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
