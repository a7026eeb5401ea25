import { HOLDING_STATUSES } from '../../shared/order-status.ts';
import { sqlStatusList } from '../../shared/status-machine.ts';

/** The emails an unpaid order gets once each (migration 0044): its pay link, a declined payment, the reminder. */
export type OrderNoticeKind = 'pay-link' | 'payment-declined' | 'payment-reminder';

const HOLDING = sqlStatusList(HOLDING_STATUSES);

/** The order_notice table: who claimed which email of an order, and the orders a reminder is due for. */
export function noticeRepository(db: D1Database) {
  return {
    /** Claims the email (a guarded insert): true only for the one call that inserted the row. */
    async claim(orderId: string, kind: OrderNoticeKind, now: number): Promise<boolean> {
      const done = await db
        .prepare('INSERT OR IGNORE INTO order_notice (order_id, kind, sent_at) VALUES (?1, ?2, ?3)')
        .bind(orderId, kind, now)
        .run();
      return done.meta.changes === 1;
    },

    /** Gives a claim back (its email could not be sent): the next run tries again. */
    async release(orderId: string, kind: OrderNoticeKind): Promise<void> {
      await db.prepare('DELETE FROM order_notice WHERE order_id = ?1 AND kind = ?2').bind(orderId, kind).run();
    },

    /** Whether the order was sent this email. */
    async sent(orderId: string, kind: OrderNoticeKind): Promise<boolean> {
      const row = await db
        .prepare('SELECT 1 AS sent FROM order_notice WHERE order_id = ?1 AND kind = ?2')
        .bind(orderId, kind)
        .first<{ sent: number }>();
      return row !== null;
    },

    /**
     * Unpaid orders whose hold ends after `now` but no later than `until`, placed no later than `placedBy`, that
     * were not reminded yet, soonest first.
     */
    async dueReminders(window: { now: number; until: number; placedBy: number }, limit: number): Promise<string[]> {
      const { results } = await db
        .prepare(
          `SELECT id FROM orders
           WHERE status IN (${HOLDING}) AND hold_expires_at > ?1 AND hold_expires_at <= ?2 AND created_at <= ?3
             AND NOT EXISTS (SELECT 1 FROM order_notice n WHERE n.order_id = orders.id AND n.kind = 'payment-reminder')
           ORDER BY hold_expires_at LIMIT ?4`,
        )
        .bind(window.now, window.until, window.placedBy, limit)
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },
  };
}
