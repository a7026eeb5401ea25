-- Live chat and the help desk (issue 24). Every chat message is kept here before the conversation's
-- Durable Object acknowledges it; the object numbers them (seq) so each conversation keeps its order.
-- Typing indicators and read receipts are broadcast only, never stored.
CREATE TABLE chat_conversation (
  id TEXT PRIMARY KEY,
  market TEXT NOT NULL,
  visitor_key TEXT NOT NULL,
  account_id INTEGER,
  email TEXT,
  name TEXT,
  status TEXT NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'ACTIVE', 'CLOSED')),
  agent_id INTEGER REFERENCES staff(id),
  rating INTEGER CHECK (rating BETWEEN 1 AND 5),
  comment TEXT,
  page TEXT,
  vehicle TEXT,
  last_seq INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE INDEX chat_conversation_status ON chat_conversation (status, updated_at);
CREATE INDEX chat_conversation_agent ON chat_conversation (agent_id, status);

CREATE TABLE chat_message (
  conversation_id TEXT NOT NULL REFERENCES chat_conversation(id),
  seq INTEGER NOT NULL,
  author_kind TEXT NOT NULL CHECK (author_kind IN ('shopper', 'agent', 'system')),
  author_id INTEGER,
  author_name TEXT,
  text TEXT NOT NULL,
  attachment_key TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (conversation_id, seq)
) WITHOUT ROWID;

-- Offline messages and the feedback form. The reply token (only its SHA-256 is kept) is in the link of
-- every answer emailed to the shopper, so their reply threads back into the ticket.
CREATE TABLE support_ticket (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  market TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('chat', 'feedback')),
  topic TEXT NOT NULL,
  order_number TEXT,
  email TEXT NOT NULL,
  account_id INTEGER,
  message TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'ANSWERED', 'CLOSED')),
  reply_token_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX support_ticket_status ON support_ticket (status, updated_at);

CREATE TABLE support_ticket_message (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id INTEGER NOT NULL REFERENCES support_ticket(id),
  author_kind TEXT NOT NULL CHECK (author_kind IN ('shopper', 'agent')),
  author_id INTEGER,
  text TEXT NOT NULL,
  attachment_key TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX support_ticket_message_ticket ON support_ticket_message (ticket_id, id);

CREATE TABLE chat_canned_reply (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
