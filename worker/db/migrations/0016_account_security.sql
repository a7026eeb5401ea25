-- Account security: sessions revoked at sign-out, one row per signed-out token until it would
-- have expired anyway.

CREATE TABLE revoked_session (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES account(id),
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER NOT NULL DEFAULT (unixepoch())
) WITHOUT ROWID;
CREATE INDEX revoked_session_expiry ON revoked_session (expires_at);
