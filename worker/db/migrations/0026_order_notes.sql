-- Staff notes on an order (issue 19, the order page's notes): what one staff member tells the
-- next about it (a call with the shopper, a carrier claim). Shown only in the back office.
CREATE TABLE order_note (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  staff_id INTEGER REFERENCES staff(id),
  -- The author's email at the time, so the note stays readable whatever happens to the staff row.
  staff_email TEXT NOT NULL,
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  created_at INTEGER NOT NULL
);
CREATE INDEX order_note_order ON order_note (order_id, id);
