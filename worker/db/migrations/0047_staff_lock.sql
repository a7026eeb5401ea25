-- Issue 35: a staff account that takes too many wrong passwords or codes is locked for an hour (or
-- until an owner unlocks it), whatever IPs they came from; the lock is written in the same statement
-- that counts the attempt, so parallel attempts cannot slip past it. Seconds since the epoch; null
-- while unlocked. failed_attempts now counts the attempts of the last 24 hours (last_failed_at).
ALTER TABLE staff ADD COLUMN locked_until INTEGER;
