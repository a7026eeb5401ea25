-- Analytics keep no credential and no raw address (issue 35). Emailed links carried live credentials in their
-- query (a password reset, an order's access token, a return's link) and the tracker stored every page's full
-- address and referrer: rows stored before this lose their query and fragment (the allowed parameters too: the
-- search words stay in a page view's data), marketing calls' pageUrl and referringUrl in data the same. Network
-- addresses are cut to their network as the intake now does: IPv4 /24; an IPv6 address is emptied.

UPDATE tracking_event SET page_url = substr(page_url, 1, instr(page_url, '#') - 1) WHERE instr(page_url, '#') > 0;
UPDATE tracking_event SET page_url = substr(page_url, 1, instr(page_url, '?') - 1) WHERE instr(page_url, '?') > 0;
UPDATE tracking_event SET referrer = substr(referrer, 1, instr(referrer, '#') - 1) WHERE instr(referrer, '#') > 0;
UPDATE tracking_event SET referrer = substr(referrer, 1, instr(referrer, '?') - 1) WHERE instr(referrer, '?') > 0;
UPDATE tracking_checkout SET page_url = substr(page_url, 1, instr(page_url, '#') - 1) WHERE instr(page_url, '#') > 0;
UPDATE tracking_checkout SET page_url = substr(page_url, 1, instr(page_url, '?') - 1) WHERE instr(page_url, '?') > 0;
UPDATE tracking_checkout SET referrer = substr(referrer, 1, instr(referrer, '#') - 1) WHERE instr(referrer, '#') > 0;
UPDATE tracking_checkout SET referrer = substr(referrer, 1, instr(referrer, '?') - 1) WHERE instr(referrer, '?') > 0;
UPDATE tracking_event
  SET data = json_set(
    data,
    '$.pageUrl',
    substr(json_extract(data, '$.pageUrl'), 1, instr(json_extract(data, '$.pageUrl'), '#') - 1)
  )
  WHERE json_valid(data) AND json_type(data, '$.pageUrl') = 'text'
    AND instr(json_extract(data, '$.pageUrl'), '#') > 0;
UPDATE tracking_event
  SET data = json_set(
    data,
    '$.pageUrl',
    substr(json_extract(data, '$.pageUrl'), 1, instr(json_extract(data, '$.pageUrl'), '?') - 1)
  )
  WHERE json_valid(data) AND json_type(data, '$.pageUrl') = 'text'
    AND instr(json_extract(data, '$.pageUrl'), '?') > 0;
UPDATE tracking_event
  SET data = json_set(
    data,
    '$.referringUrl',
    substr(json_extract(data, '$.referringUrl'), 1, instr(json_extract(data, '$.referringUrl'), '#') - 1)
  )
  WHERE json_valid(data) AND json_type(data, '$.referringUrl') = 'text'
    AND instr(json_extract(data, '$.referringUrl'), '#') > 0;
UPDATE tracking_event
  SET data = json_set(
    data,
    '$.referringUrl',
    substr(json_extract(data, '$.referringUrl'), 1, instr(json_extract(data, '$.referringUrl'), '?') - 1)
  )
  WHERE json_valid(data) AND json_type(data, '$.referringUrl') = 'text'
    AND instr(json_extract(data, '$.referringUrl'), '?') > 0;
UPDATE tracking_event SET ip = substr(ip, 1, length(rtrim(ip, '0123456789'))) || '0'
  WHERE ip GLOB '[0-9]*.[0-9]*.[0-9]*.[0-9]*' AND ip NOT LIKE '%:%';
UPDATE tracking_event SET ip = '' WHERE ip LIKE '%:%';
UPDATE tracking_checkout SET ip = substr(ip, 1, length(rtrim(ip, '0123456789'))) || '0'
  WHERE ip GLOB '[0-9]*.[0-9]*.[0-9]*.[0-9]*' AND ip NOT LIKE '%:%';
UPDATE tracking_checkout SET ip = '' WHERE ip LIKE '%:%';

-- Whether the shopper's privacy choices let analytics identify the browser at checkout (a Canadian shopper who has
-- not allowed analytics is counted without ids): the server's paid-order events follow it.
ALTER TABLE tracking_checkout ADD COLUMN identified INTEGER NOT NULL DEFAULT 1;

-- The cron deletes checkout ids past their retention by age.
CREATE INDEX tracking_checkout_updated ON tracking_checkout (updated_at);
