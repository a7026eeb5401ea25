import type { AuditEntry } from '../platform/audit.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
/** Staff notes on orders: their SQL (issue 19, the back office's order page). */

export interface OrderNote {
  id: number;
  staffEmail: string;
  body: string;
  createdAt: number;
}

export const ORDER_NOTE_MAX = 1000;

export function orderNotesRepository(db: D1Database) {
  return {
    /** The order's notes, oldest first. */
    async list(orderId: string): Promise<OrderNote[]> {
      const { results } = await db
        .prepare(
          `SELECT id, staff_email AS staffEmail, body, created_at AS createdAt FROM order_note
          WHERE order_id = ? ORDER BY id`,
        )
        .bind(orderId)
        .all<OrderNote>();
      return results;
    },

    /** Adds a note to an existing order with its audit entry in one batch; false when there is no such order. */
    async add(
      orderId: string,
      author: { staffId: number; staffEmail: string },
      body: string,
      now: number,
      audit: AuditEntry,
    ): Promise<boolean> {
      const work = unitOfWork(db)
        .add(
          db
            .prepare(
              `INSERT INTO order_note (order_id, staff_id, staff_email, body, created_at)
            SELECT id, ?, ?, ?, ? FROM orders WHERE id = ?`,
            )
            .bind(author.staffId, author.staffEmail, body, now, orderId),
        )
        .guard(
          'order',
          [db.prepare(`INSERT INTO batch_guard (ok) SELECT changes() = 1`), db.prepare(`DELETE FROM batch_guard`)],
          async () => false,
        )
        .audit(audit);
      return (await work.commit()).ok;
    },
  };
}
