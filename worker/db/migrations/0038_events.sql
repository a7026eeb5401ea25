-- Tracking events (issue 25): the local and test sink of the EVENTS queue (production writes to Workers
-- Analytics Engine when its binding is set). The §7 payload, one row per event id: a redelivered queue
-- message is ignored (INSERT OR IGNORE). `day` is the UTC day the shop received the event.
CREATE TABLE tracking_event (
  id TEXT PRIMARY KEY,
  event TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  page_url TEXT NOT NULL DEFAULT '',
  referrer TEXT NOT NULL DEFAULT '',
  ts INTEGER NOT NULL,
  client_id TEXT NOT NULL DEFAULT '',
  session_id TEXT NOT NULL DEFAULT '',
  alb_group TEXT NOT NULL DEFAULT '',
  ab_test_group TEXT NOT NULL DEFAULT '',
  ip TEXT NOT NULL DEFAULT '',
  network TEXT NOT NULL DEFAULT '',
  downlink_speed TEXT NOT NULL DEFAULT '',
  visitor_key TEXT NOT NULL DEFAULT '',
  market TEXT NOT NULL CHECK (market IN ('us', 'ca')),
  received_at INTEGER NOT NULL,
  day TEXT NOT NULL
);
CREATE INDEX tracking_event_day ON tracking_event (day, market, ab_test_group, event);

-- Malformed queue messages, counted per day and reason, then dropped.
CREATE TABLE tracking_dropped (
  day TEXT NOT NULL,
  reason TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, reason)
);
