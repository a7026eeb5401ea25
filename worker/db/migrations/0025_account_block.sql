-- The back office's customers (issue 19): an account staff blocked, and why staff changed a
-- member's points.

-- When staff blocked the account (unix seconds); null while it is not blocked. A blocked member
-- cannot sign in, and blocking bumps token_version, so their sessions end at once.
ALTER TABLE account ADD COLUMN blocked_at INTEGER;

-- The reason staff gave for an ADJUSTMENT entry (the entry's reference is the form's idempotency
-- key, so a repeated post adds nothing); null for the shop's own entries.
ALTER TABLE points_ledger ADD COLUMN note TEXT;
