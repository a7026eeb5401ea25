-- Live chat and the help desk, the rest of issue 24.
-- The shopper's cart beside a conversation, as the server read it (from the shopper's own cart cookie or
-- account) when the chat started or the shopper changed page: lines (title, quantity, price) and total as
-- JSON, so the agent sees it without ever holding the shopper's cart token.
ALTER TABLE chat_conversation ADD COLUMN cart_json TEXT;

-- One row per answer emailed for a ticket: every emailed link threads into its ticket, not only the newest.
-- Only the SHA-256 of each link's token is kept. support_ticket.reply_token_hash stays as the first one.
CREATE TABLE support_ticket_reply_link (
  token_hash TEXT PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES support_ticket(id),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX support_ticket_reply_link_ticket ON support_ticket_reply_link (ticket_id);

-- The links already emailed (each ticket's newest) keep working.
INSERT INTO support_ticket_reply_link (token_hash, ticket_id, created_at)
  SELECT reply_token_hash, id, updated_at FROM support_ticket;
