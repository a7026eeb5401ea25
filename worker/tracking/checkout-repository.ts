import type { CheckoutVisitor } from './records.ts';

const COLUMNS = `visitor_key AS visitorKey, client_id AS clientId, session_id AS sessionId, alb_group AS albGroup,
  ab_test_group AS abTestGroup, ip, network, downlink_speed AS downlinkSpeed, page_url AS pageUrl, referrer,
  click_id AS clickId, marketing_allowed AS marketingAllowed, identified, updated_at AS updatedAt`;

/** The tracking_checkout table: one row per visitor, the latest checkout's ids. */
export function checkoutVisitorRepository(db: D1Database) {
  return {
    /** Stores (or replaces) the visitor's ids at checkout. */
    async remember(visitor: CheckoutVisitor): Promise<void> {
      await db
        .prepare(
          `INSERT INTO tracking_checkout (visitor_key, client_id, session_id, alb_group, ab_test_group, ip, network,
             downlink_speed, page_url, referrer, click_id, marketing_allowed, updated_at, identified)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
           ON CONFLICT (visitor_key) DO UPDATE SET client_id = excluded.client_id, session_id = excluded.session_id,
             alb_group = excluded.alb_group, ab_test_group = excluded.ab_test_group, ip = excluded.ip,
             network = excluded.network, downlink_speed = excluded.downlink_speed, page_url = excluded.page_url,
             referrer = excluded.referrer, click_id = excluded.click_id,
             marketing_allowed = excluded.marketing_allowed, updated_at = excluded.updated_at,
             identified = excluded.identified`,
        )
        .bind(
          visitor.visitorKey,
          visitor.clientId,
          visitor.sessionId,
          visitor.albGroup,
          visitor.abTestGroup,
          visitor.ip,
          visitor.network,
          visitor.downlinkSpeed,
          visitor.pageUrl,
          visitor.referrer,
          visitor.clickId,
          visitor.marketingAllowed ? 1 : 0,
          visitor.updatedAt,
          visitor.identified ? 1 : 0,
        )
        .run();
    },

    /** The visitor's ids at their latest checkout, or null when none was recorded. */
    async byVisitorKey(visitorKey: string): Promise<CheckoutVisitor | null> {
      const row = await db
        .prepare(`SELECT ${COLUMNS} FROM tracking_checkout WHERE visitor_key = ?1`)
        .bind(visitorKey)
        .first<
          Omit<CheckoutVisitor, 'marketingAllowed' | 'identified'> & { marketingAllowed: number; identified: number }
        >();
      return row ? { ...row, marketingAllowed: row.marketingAllowed === 1, identified: row.identified === 1 } : null;
    },

    /** Forgets the checkout ids of visitors whose latest checkout is older than `before` (retention). */
    async deleteOlderThan(before: number): Promise<number> {
      const done = await db.prepare('DELETE FROM tracking_checkout WHERE updated_at < ?1').bind(before).run();
      return done.meta.changes;
    },
  };
}
