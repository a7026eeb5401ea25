-- A review's edit link: only the SHA-256 hash of its secret token is kept (spec §7 Reviews).
ALTER TABLE review ADD COLUMN edit_token_hash TEXT;
