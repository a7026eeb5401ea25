-- Returns with evidence (issue 20): a shopper's request to send back shipped units of an order's
-- lines, with a §3 reason and the photos or videos it needs. A return is written in one batch
-- with guards (batch_guard) so two submits at once can never return a unit twice; the form's
-- idempotency key makes a retried submit one return.

-- An evidence file kept privately in R2 (MEDIA) under object_key. STORED once all its bytes are
-- there; UPLOADING while a resumable (R2 multipart) upload is open. An upload never attached to
-- a return is deleted by the cron after a day, an open multipart upload aborted.
CREATE TABLE return_upload (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  object_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  content_type TEXT,
  kind TEXT CHECK (kind IN ('image', 'video')),
  size INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('UPLOADING', 'STORED')),
  multipart_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX return_upload_order ON return_upload (order_id, created_at);
CREATE INDEX return_upload_age ON return_upload (created_at);

-- The parts of an open multipart upload, as R2 answered them.
CREATE TABLE return_upload_part (
  upload_id TEXT NOT NULL REFERENCES return_upload(id),
  part_number INTEGER NOT NULL,
  etag TEXT NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (upload_id, part_number)
) WITHOUT ROWID;

CREATE TABLE order_return (
  id INTEGER PRIMARY KEY,
  rma TEXT NOT NULL UNIQUE,
  order_id TEXT NOT NULL REFERENCES orders(id),
  idempotency_key TEXT NOT NULL,
  reason TEXT NOT NULL,
  text TEXT,
  vehicle TEXT,                              -- JSON: { vin } or { year, make, model }
  status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'NEEDS_EVIDENCE', 'APPROVED', 'REJECTED', 'RECEIVED',
    'REFUNDED')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX order_return_order ON order_return (order_id, id);
CREATE INDEX order_return_status ON order_return (status, id);

CREATE TABLE order_return_line (
  return_id INTEGER NOT NULL REFERENCES order_return(id),
  order_id TEXT NOT NULL,
  line_no INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (return_id, line_no)
) WITHOUT ROWID;
CREATE INDEX order_return_line_order ON order_return_line (order_id, line_no);

-- An upload serves one return only (upload_id is unique).
CREATE TABLE return_evidence (
  return_id INTEGER NOT NULL REFERENCES order_return(id),
  upload_id TEXT NOT NULL UNIQUE REFERENCES return_upload(id),
  PRIMARY KEY (return_id, upload_id)
) WITHOUT ROWID;

-- The return's history as the shopper sees it.
CREATE TABLE return_event (
  id INTEGER PRIMARY KEY,
  return_id INTEGER NOT NULL REFERENCES order_return(id),
  status TEXT NOT NULL,
  note TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX return_event_return ON return_event (return_id, id);
