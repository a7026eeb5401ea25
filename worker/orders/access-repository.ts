import { CORE_LINE_TYPE } from '../../shared/core-charges.ts';
import { HOLDING_STATUSES } from '../../shared/order-status.ts';
import { sqlStatusList } from '../../shared/status-machine.ts';
import type { Placer } from './records.ts';

/** Unpaid orders holding stock (shared/order-status.ts). */
const HOLDING = sqlStatusList(HOLDING_STATUSES);

/**
 * Orders' SQL for who may reach an order and how much stock one shopper may hold: the key its
 * guest tokens are signed with, the unpaid orders one IP, visitor or email holds, the one
 * extension of a stock hold.
 */

/** How many unpaid orders one IP, visitor and email may hold at a time. */
export interface UnpaidLimits {
  perIp: number;
  perVisitor: number;
  perEmail: number;
}

const UNPAID_COUNTS = `SELECT
  (SELECT count(*) FROM orders WHERE status IN (${HOLDING}) AND placed_ip = ?1) AS ip,
  (SELECT count(*) FROM orders WHERE status IN (${HOLDING}) AND visitor_key = ?2) AS visitor,
  (SELECT count(*) FROM orders WHERE status IN (${HOLDING}) AND lower(email) = lower(?3)) AS email`;

/**
 * Per SKU (a JSON array of ids): its units on the shelf, and those unpaid orders hold. The sku table is the
 * catalog's; it is read here, inside the placing batch, because the share unpaid orders may hold is a rule
 * about holds (shared/holds.ts) that must see the stock the same batch just took.
 */
// A core deposit line names its part's SKU but holds no unit of it.
const HELD_BY_SKU = `SELECT s.id AS skuId, s.available_total AS available,
    (SELECT coalesce(sum(l.quantity), 0) FROM orders o JOIN order_line l ON l.order_id = o.id
      WHERE o.status IN (${HOLDING}) AND l.sku_id = s.id AND l.item_type <> '${CORE_LINE_TYPE}') AS held
  FROM sku s WHERE s.id IN (SELECT value FROM json_each(?1))`;

/** A SKU's units on the shelf and held by unpaid orders. */
export interface HeldStock {
  skuId: number;
  available: number;
  held: number;
}

export function accessRepository(db: D1Database) {
  return {
    /** The key an order's guest tokens are signed with; null for an unknown order or one placed before keys. */
    async accessKey(orderId: string): Promise<string | null> {
      const row = await db
        .prepare(`SELECT access_key AS accessKey FROM orders WHERE id = ?`)
        .bind(orderId)
        .first<{ accessKey: string | null }>();
      return row?.accessKey ?? null;
    },

    /** The unpaid orders this IP, visitor and email each hold now. */
    async unpaidCounts(placer: Placer): Promise<{ ip: number; visitor: number; email: number }> {
      return (await db
        .prepare(UNPAID_COUNTS)
        .bind(placer.ip, placer.visitorKey, placer.email)
        .first<{ ip: number; visitor: number; email: number }>())!;
    },

    /**
     * Fails the batch (batch_guard's CHECK) when, with the order just written, this IP, visitor
     * or email holds more unpaid orders than allowed: parallel placements cannot all slip under.
     */
    unpaidGuardStatements(placer: Placer, limits: UnpaidLimits): D1PreparedStatement[] {
      return [
        db
          .prepare(`INSERT INTO batch_guard (ok) SELECT ip <= ?4 AND visitor <= ?5 AND email <= ?6
            FROM (${UNPAID_COUNTS})`)
          .bind(placer.ip, placer.visitorKey, placer.email, limits.perIp, limits.perVisitor, limits.perEmail),
        db.prepare(`DELETE FROM batch_guard`),
      ];
    },

    /** Per SKU, the units on the shelf and those unpaid orders hold now. */
    async heldStock(skuIds: readonly number[]): Promise<HeldStock[]> {
      const { results } = await db.prepare(HELD_BY_SKU).bind(JSON.stringify(skuIds)).all<HeldStock>();
      return results;
    },

    /**
     * Fails the batch (batch_guard's CHECK) when, with the order just written and its stock taken, unpaid
     * orders hold more of one of these SKUs than its ceiling: the larger of `floor` and `share` of its stock
     * on hand (on the shelf plus held). Parallel placements are serialised by the batch, so none slips past.
     */
    heldCeilingGuardStatements(skuIds: readonly number[], ceiling: { floor: number; share: number }) {
      return [
        db
          .prepare(`INSERT INTO batch_guard (ok)
            SELECT coalesce(min(held <= max(?2, CAST((held + available) * ?3 AS INTEGER))), 1) FROM (${HELD_BY_SKU})`)
          .bind(JSON.stringify(skuIds), ceiling.floor, ceiling.share),
        db.prepare(`DELETE FROM batch_guard`),
      ];
    },

    /**
     * Keeps an unpaid order's stock until `until`, once: answers the new hold, or null when the
     * order no longer awaits payment or its hold was extended before.
     */
    async extendHoldOnce(orderId: string, until: number): Promise<number | null> {
      const row = await db
        .prepare(`UPDATE orders SET hold_expires_at = ?1, hold_extended = 1
          WHERE id = ?2 AND status IN (${HOLDING}) AND hold_extended = 0
          RETURNING hold_expires_at AS holdExpiresAt`)
        .bind(until, orderId)
        .first<{ holdExpiresAt: number }>();
      return row?.holdExpiresAt ?? null;
    },

    /** Whether an order with this number exists, and the idempotency key it was placed with. */
    async placedKey(orderId: string): Promise<string | null> {
      const row = await db
        .prepare(`SELECT idempotency_key AS idempotencyKey FROM orders WHERE id = ?`)
        .bind(orderId)
        .first<{ idempotencyKey: string }>();
      return row?.idempotencyKey ?? null;
    },
  };
}
