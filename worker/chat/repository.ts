import type { AuthorKind, ChatMessage, ConversationStatus } from '../../shared/chat.ts';

/** A conversation as the chat domain reads it. */
export interface ConversationRow {
  id: string;
  market: string;
  visitorKey: string;
  accountId: number | null;
  email: string | null;
  name: string | null;
  status: ConversationStatus;
  agentId: number | null;
  agentName: string | null;
  rating: number | null;
  comment: string | null;
  page: string | null;
  vehicle: string | null;
  /** The shopper's cart as the server last read it (ShopperCart as JSON), or null. */
  cartJson: string | null;
  lastSeq: number;
  createdAt: number;
  updatedAt: number;
}

export interface NewConversation {
  id: string;
  market: string;
  visitorKey: string;
  accountId: number | null;
  email: string | null;
  name: string | null;
  page: string | null;
  vehicle: string | null;
  cartJson: string | null;
  now: number;
}

/** Where the shopper is now: the page, the chosen vehicle, and the cart the server read. */
export interface ShopperContextUpdate {
  page: string | null;
  vehicle: string | null;
  cartJson: string | null;
  now: number;
}

export interface NewMessage {
  conversationId: string;
  seq: number;
  author: AuthorKind;
  authorId: number | null;
  authorName: string | null;
  text: string;
  /** An image's key in R2 (the message's text is then its file name). */
  attachmentKey?: string | null;
  now: number;
}

interface MessageRow extends ChatMessage {
  hasImage: number;
}

/** A stored message as both sides see it: an image says so (its name), its key never leaves the Worker. */
const messageOf = ({ hasImage, ...message }: MessageRow): ChatMessage =>
  hasImage ? { ...message, image: { name: message.text } } : message;

const CONVERSATION_COLUMNS = `c.id, c.market, c.visitor_key AS visitorKey, c.account_id AS accountId, c.email, c.name,
  c.status, c.agent_id AS agentId, s.name AS agentName, c.rating, c.comment, c.page, c.vehicle,
  c.cart_json AS cartJson, c.last_seq AS lastSeq, c.created_at AS createdAt, c.updated_at AS updatedAt`;
const FROM_CONVERSATION = 'FROM chat_conversation c LEFT JOIN staff s ON s.id = c.agent_id';

/** Every statement of live chat's conversations and their messages. */
export const chatRepository = (db: D1Database) => ({
  insertConversation: (row: NewConversation) =>
    db
      .prepare(
        `INSERT INTO chat_conversation (id, market, visitor_key, account_id, email, name, page, vehicle, cart_json,
          created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.id,
        row.market,
        row.visitorKey,
        row.accountId,
        row.email,
        row.name,
        row.page,
        row.vehicle,
        row.cartJson,
        row.now,
        row.now,
      )
      .run(),

  /** The shopper's page, vehicle and cart, as of their latest page; a vehicle not sent keeps the known one. */
  updateContext: (id: string, context: ShopperContextUpdate) =>
    db
      .prepare(
        `UPDATE chat_conversation SET page = COALESCE(?, page), vehicle = COALESCE(?, vehicle), cart_json = ?,
           updated_at = ? WHERE id = ?`,
      )
      .bind(context.page, context.vehicle, context.cartJson, context.now, id)
      .run(),

  findConversation: (id: string) =>
    db.prepare(`SELECT ${CONVERSATION_COLUMNS} ${FROM_CONVERSATION} WHERE c.id = ?`).bind(id).first<ConversationRow>(),

  /** The statements that store one message and move the conversation's sequence to it (one batch). */
  messageStatements: (message: NewMessage): D1PreparedStatement[] => [
    db
      .prepare(
        `INSERT INTO chat_message (conversation_id, seq, author_kind, author_id, author_name, text, attachment_key,
             created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        message.conversationId,
        message.seq,
        message.author,
        message.authorId,
        message.authorName,
        message.text,
        message.attachmentKey ?? null,
        message.now,
      ),
    db
      .prepare('UPDATE chat_conversation SET last_seq = ?, updated_at = ? WHERE id = ?')
      .bind(message.seq, message.now, message.conversationId),
  ],

  /** The newest messages of a conversation, oldest first. */
  messagesOf: async (conversationId: string, limit: number) => {
    const { results } = await db
      .prepare(
        `SELECT * FROM (SELECT seq, author_kind AS author, author_name AS authorName, text, created_at AS createdAt,
             attachment_key IS NOT NULL AS hasImage
           FROM chat_message WHERE conversation_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq`,
      )
      .bind(conversationId, limit)
      .all<MessageRow>();
    return results.map(messageOf);
  },

  /** The R2 key of an image message of the conversation, or null. */
  imageKeyOf: async (conversationId: string, seq: number) =>
    (
      await db
        .prepare('SELECT attachment_key AS key FROM chat_message WHERE conversation_id = ? AND seq = ?')
        .bind(conversationId, seq)
        .first<{ key: string | null }>()
    )?.key ?? null,

  /** Gives a waiting or active conversation to an agent (nothing when it has closed). */
  assignAgentStatement: (id: string, agentId: number, now: number) =>
    db
      .prepare(
        `UPDATE chat_conversation SET status = 'ACTIVE', agent_id = ?, updated_at = ?
         WHERE id = ? AND status != 'CLOSED'`,
      )
      .bind(agentId, now, id),

  closeStatement: (id: string, now: number) =>
    db
      .prepare(`UPDATE chat_conversation SET status = 'CLOSED', updated_at = ?, closed_at = ? WHERE id = ?`)
      .bind(now, now, id),

  /** Fails the batch (batch_guard's CHECK) unless the statement just before changed a row. */
  changedOne: (): D1PreparedStatement[] => [
    db.prepare('INSERT INTO batch_guard (ok) SELECT changes() = 1'),
    db.prepare('DELETE FROM batch_guard'),
  ],

  rate: (id: string, rating: number, comment: string | null, now: number) =>
    db
      .prepare('UPDATE chat_conversation SET rating = ?, comment = ?, updated_at = ? WHERE id = ?')
      .bind(rating, comment, now, id)
      .run(),

  countWaiting: async () =>
    (await db.prepare(`SELECT COUNT(*) AS n FROM chat_conversation WHERE status = 'WAITING'`).first<{ n: number }>())
      ?.n ?? 0,
});
export type ChatRepository = ReturnType<typeof chatRepository>;
