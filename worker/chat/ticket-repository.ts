import type { TicketSource, TicketStatus } from '../../shared/chat.ts';

export interface NewTicket {
  market: string;
  source: TicketSource;
  topic: string;
  orderNumber: string | null;
  email: string;
  accountId: number | null;
  message: string;
  replyTokenHash: string;
  now: number;
}

export interface TicketRow {
  id: number;
  market: string;
  source: TicketSource;
  topic: string;
  orderNumber: string | null;
  email: string;
  message: string;
  status: TicketStatus;
  createdAt: number;
  updatedAt: number;
}

const TICKET_COLUMNS = `id, market, source, topic, order_number AS orderNumber, email, message, status,
  created_at AS createdAt, updated_at AS updatedAt`;

/** Every statement of the help desk's tickets and their threads. */
export const ticketRepository = (db: D1Database) => ({
  /** The ticket and its first message, in one batch; answers the new ticket's id. */
  insertTicket: async (ticket: NewTicket) => {
    const [created] = await db.batch<{ id: number }>([
      db
        .prepare(
          `INSERT INTO support_ticket (market, source, topic, order_number, email, account_id, message,
            reply_token_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(
          ticket.market,
          ticket.source,
          ticket.topic,
          ticket.orderNumber,
          ticket.email,
          ticket.accountId,
          ticket.message,
          ticket.replyTokenHash,
          ticket.now,
          ticket.now,
        ),
      db
        .prepare(
          `INSERT INTO support_ticket_message (ticket_id, author_kind, text, created_at)
           VALUES (last_insert_rowid(), 'shopper', ?, ?)`,
        )
        .bind(ticket.message, ticket.now),
    ]);
    return created?.results[0]?.id ?? 0;
  },

  /** A file the shopper attached, as a line of the ticket's thread (its name, and its key in R2). */
  addAttachment: (ticketId: number, name: string, key: string, now: number) =>
    db
      .prepare(
        `INSERT INTO support_ticket_message (ticket_id, author_kind, text, attachment_key, created_at)
         VALUES (?, 'shopper', ?, ?, ?)`,
      )
      .bind(ticketId, name, key, now)
      .run(),

  findTicket: (id: number) =>
    db.prepare(`SELECT ${TICKET_COLUMNS} FROM support_ticket WHERE id = ?`).bind(id).first<TicketRow>(),

  ticketsByEmail: async (email: string) => {
    const { results } = await db
      .prepare(`SELECT ${TICKET_COLUMNS} FROM support_ticket WHERE email = ? ORDER BY id DESC LIMIT 50`)
      .bind(email)
      .all<TicketRow>();
    return results;
  },
});
export type TicketRepository = ReturnType<typeof ticketRepository>;
