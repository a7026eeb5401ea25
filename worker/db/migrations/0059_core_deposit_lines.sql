-- Core deposits on orders (issue 40, item 3). A part sold with a core charge brings a line of its own
-- after the parts (item_type 'CORE'), priced at the deposit, never discounted, taxed as a line, and
-- refunded as a line when the old part comes back through a core return. core_of names the line of
-- the part whose core it is: a core line ships with that part and is never packed or restocked.
ALTER TABLE order_line ADD COLUMN core_of INTEGER;

-- A core may be refused on inspection once it arrived (shared/return-status.ts, refuseCore).
INSERT INTO status_transition (entity, from_status, to_status) VALUES ('return', 'RECEIVED', 'REJECTED');
