-- Tracking ids of a visitor at checkout (issue 25): the browser's checkout_started event leaves the §7 ids
-- the shop cannot see later (client_id, session_id, alb_group, the connection) and the marketing facts of
-- that moment (the saved affiliate click id, whether privacy choices allowed marketing). When the order's
-- payment succeeds, a webhook with no browser behind it, the server's order_paid and conversion events
-- take them from here through the order's visitor key. One row per visitor: the latest checkout wins.
CREATE TABLE tracking_checkout (
  visitor_key TEXT PRIMARY KEY,
  client_id TEXT NOT NULL DEFAULT '',
  session_id TEXT NOT NULL DEFAULT '',
  alb_group TEXT NOT NULL DEFAULT '',
  ab_test_group TEXT NOT NULL DEFAULT '',
  ip TEXT NOT NULL DEFAULT '',
  network TEXT NOT NULL DEFAULT '',
  downlink_speed TEXT NOT NULL DEFAULT '',
  page_url TEXT NOT NULL DEFAULT '',
  referrer TEXT NOT NULL DEFAULT '',
  click_id TEXT,
  marketing_allowed INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
