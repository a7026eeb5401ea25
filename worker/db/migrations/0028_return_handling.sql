-- Handling returns (issue 20). An order keeps the vehicle the shopper had chosen when they placed
-- it and each line the fit it was sold with (FIT, NOT_FIT, UNCERTAIN, EMPTY; null where fitment
-- does not apply or no vehicle was chosen), so a "Part doesn't fit" return can be judged against
-- what the shop said at the time, whatever the catalog says today.
ALTER TABLE orders ADD COLUMN vehicle_id INTEGER;
ALTER TABLE orders ADD COLUMN vehicle_name TEXT;
ALTER TABLE order_line ADD COLUMN fit TEXT;

-- What the shop decided: how to send the parts back (instructions, a prepaid label's number), and
-- the refund the return was settled with (its key in order_refund, the amount, the restocking fee
-- kept, whether the units went back on the shelf).
ALTER TABLE order_return ADD COLUMN instructions TEXT;
ALTER TABLE order_return ADD COLUMN label_number TEXT;
ALTER TABLE order_return ADD COLUMN refund_key TEXT;
ALTER TABLE order_return ADD COLUMN refund_cent INTEGER;
ALTER TABLE order_return ADD COLUMN fee_cent INTEGER;
ALTER TABLE order_return ADD COLUMN restocked INTEGER NOT NULL DEFAULT 0;

-- Who of the staff moved the return (null: the shopper).
ALTER TABLE return_event ADD COLUMN staff_id INTEGER;
