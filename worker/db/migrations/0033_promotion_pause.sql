-- Pausing a promotion from the back office (issue 22): a paused promotion is in force nowhere
-- (no automatic discount, code, coupon or offer applies) until it is resumed; its dates stay as set.
ALTER TABLE promotion ADD COLUMN paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1));
