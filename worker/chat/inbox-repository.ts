import type { ConversationStatus, TicketStatus } from '../../shared/chat.ts';

/** A line of the agents' inbox. */
export interface InboxConversation {
  id: string;
  market: string;
  status: ConversationStatus;
  email: string | null;
  name: string | null;
  agentName: string | null;
  page: string | null;
  lastText: string | null;
  updatedAt: number;
}

export interface InboxTicket {
  id: number;
  topic: string;
  email: string;
  orderNumber: string | null;
  status: TicketStatus;
  source: string;
  updatedAt: number;
}

export interface TicketMessageRow {
  id: number;
  author: 'shopper' | 'agent';
  authorName: string | null;
  text: string;
  createdAt: number;
}

export type InboxView = 'waiting' | 'mine' | 'all';

const INBOX_COLUMNS = `c.id, c.market, c.status, c.email, c.name, s.name AS agentName, c.page,
  c.updated_at AS updatedAt,
  (SELECT text FROM chat_message m WHERE m.conversation_id = c.id ORDER BY seq DESC LIMIT 1) AS lastText`;

/** Escapes LIKE's wildcards so a search finds what was typed. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The back office's reads and writes of chat: inbox lists, search, tickets' threads, canned replies. */
export const inboxRepository = (db: D1Database) => ({
  /** Waiting (oldest first), the agent's open chats, or all (newest first); filtered by a search when given. */
  conversations: async (view: InboxView, agentId: number, search: string, limit: number) => {
    const where = [
      view === 'waiting'
        ? `c.status = 'WAITING'`
        : view === 'mine'
          ? `c.agent_id = ? AND c.status = 'ACTIVE'`
          : '1 = 1',
      search
        ? `(c.email LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM chat_message m
             WHERE m.conversation_id = c.id AND m.text LIKE ? ESCAPE '\\'))`
        : '1 = 1',
    ].join(' AND ');
    const binds: (string | number)[] = view === 'mine' ? [agentId] : [];
    if (search) binds.push(likeOf(search), likeOf(search), likeOf(search));
    const order = view === 'waiting' ? 'c.created_at' : 'c.updated_at DESC';
    const { results } = await db
      .prepare(
        `SELECT ${INBOX_COLUMNS} FROM chat_conversation c LEFT JOIN staff s ON s.id = c.agent_id
         WHERE ${where} ORDER BY ${order} LIMIT ?`,
      )
      .bind(...binds, limit)
      .all<InboxConversation>();
    return results;
  },

  /** Open tickets first, then the rest, newest first. */
  tickets: async (limit: number) => {
    const { results } = await db
      .prepare(
        `SELECT id, topic, email, order_number AS orderNumber, status, source, updated_at AS updatedAt
         FROM support_ticket ORDER BY status = 'OPEN' DESC, updated_at DESC LIMIT ?`,
      )
      .bind(limit)
      .all<InboxTicket>();
    return results;
  },

  ticketThread: async (ticketId: number) => {
    const { results } = await db
      .prepare(
        `SELECT t.id, t.author_kind AS author, s.name AS authorName, t.text, t.created_at AS createdAt
         FROM support_ticket_message t LEFT JOIN staff s ON s.id = t.author_id WHERE t.ticket_id = ? ORDER BY t.id`,
      )
      .bind(ticketId)
      .all<TicketMessageRow>();
    return results;
  },

  /**
   * An agent's answer: stored in the thread, the ticket ANSWERED, and the hash of its email's reply token
   * kept beside the earlier ones (every emailed link keeps threading into this ticket).
   */
  answerTicketStatements: (ticketId: number, agentId: number, text: string, replyTokenHash: string, now: number) => [
    db
      .prepare(
        `INSERT INTO support_ticket_message (ticket_id, author_kind, author_id, text, created_at)
           VALUES (?, 'agent', ?, ?, ?)`,
      )
      .bind(ticketId, agentId, text, now),
    db
      .prepare('INSERT INTO support_ticket_reply_link (token_hash, ticket_id, created_at) VALUES (?, ?, ?)')
      .bind(replyTokenHash, ticketId, now),
    db.prepare(`UPDATE support_ticket SET status = 'ANSWERED', updated_at = ? WHERE id = ?`).bind(now, ticketId),
  ],

  /** The shopper's reply by the emailed link: threaded in, and the ticket open again. */
  shopperReply: (ticketId: number, text: string, now: number) =>
    db.batch([
      db
        .prepare(
          `INSERT INTO support_ticket_message (ticket_id, author_kind, text, created_at) VALUES (?, 'shopper', ?, ?)`,
        )
        .bind(ticketId, text, now),
      db.prepare(`UPDATE support_ticket SET status = 'OPEN', updated_at = ? WHERE id = ?`).bind(now, ticketId),
    ]),

  closeTicket: (ticketId: number, now: number) =>
    db.prepare(`UPDATE support_ticket SET status = 'CLOSED', updated_at = ? WHERE id = ?`).bind(now, ticketId).run(),

  /** The open ticket when the token's hash is one of its emailed links (a link opens its own ticket only). */
  ticketWithToken: (ticketId: number, replyTokenHash: string) =>
    db
      .prepare(
        `SELECT t.id FROM support_ticket_reply_link l JOIN support_ticket t ON t.id = l.ticket_id
         WHERE l.token_hash = ? AND l.ticket_id = ? AND t.status != 'CLOSED'`,
      )
      .bind(replyTokenHash, ticketId)
      .first<{ id: number }>(),

  cannedReplies: async () => {
    const { results } = await db
      .prepare('SELECT id, title, text FROM chat_canned_reply ORDER BY title')
      .all<{ id: number; title: string; text: string }>();
    return results;
  },

  addCannedReplyStatement: (title: string, text: string, now: number) =>
    db.prepare('INSERT INTO chat_canned_reply (title, text, created_at) VALUES (?, ?, ?)').bind(title, text, now),
});
