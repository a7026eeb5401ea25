/** The email outbox: where mail goes locally, and what /dev/outbox lists. The only place with its SQL. */

/** A message as the outbox keeps it. */
export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  created_at: number;
}

export function outboxRepository(db: D1Database) {
  return {
    add: (message: { to: string; subject: string; text: string; html: string; kind: string }) =>
      db
        .prepare('INSERT INTO email_outbox (to_address, subject, text_body, html_body, kind) VALUES (?, ?, ?, ?, ?)')
        .bind(message.to, message.subject, message.text, message.html, message.kind)
        .run(),

    /** The 50 newest messages, to one address or to anyone. */
    newest: async (to: string | null) => {
      const statement = to
        ? db.prepare('SELECT * FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 50').bind(to)
        : db.prepare('SELECT * FROM email_outbox ORDER BY id DESC LIMIT 50');
      return (await statement.all<OutboxRow>()).results;
    },
  };
}
