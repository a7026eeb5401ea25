import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../shared/cart.ts';
import { BUYABLE_STATUSES, sqlList } from '../../shared/item-status.ts';
import { currencyByMarketSql, statusByMarketSql } from '../../shared/market-columns.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { CartLineRecord } from './records.ts';

/** Whose cart a write is for: it lands only while the cart has this id, token hash and owner. */
export interface CartGuard {
  uuid: string;
  tokenHash: string;
  accountId: number | null;
}

/**
 * Cart writes that check everything themselves, so a change can run in the same batch as the
 * reads it is decided from (one D1 round trip; a batch is one transaction, so the reads see
 * exactly what the writes see). They apply the rules of changes.ts (availabilityProblem,
 * the line and quantity limits) in SQL; the service still names each problem from the reads.
 */
export function cartGuardedWrites(db: D1Database) {
  return {
    /**
     * Adds to a line or starts it: only for this shopper's cart, a part on sale in the market with
     * stock and a price, a live bundle member, and a cart with room; never past the stock or 99,
     * and never lowering a line whose stock has since shrunk.
     */
    add(guard: CartGuard, line: Omit<CartLineRecord, 'addedAt'>, market: MarketId, now: number) {
      return db
        .prepare(
          `INSERT INTO cart_item
           (cart_uuid, sku_id, item_type, bundle_id, item_count, attribute_value_id, campaign_id, added_at)
         SELECT ?1, s.id, ?3, ?4, min(?5, s.available_total, ${MAX_LINE_QUANTITY}), ?6, ?7, ?8
         FROM sku s JOIN item i ON i.id = s.item_id
         WHERE s.id = ?2 AND s.available_total > 0
           AND (${statusByMarketSql('?9', 'i')}) IN ${sqlList(BUYABLE_STATUSES)}
           AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id
             AND p.currency = ${currencyByMarketSql('?9')} AND p.discount_price IS NOT NULL)
           AND EXISTS (SELECT 1 FROM cart c
             WHERE c.uuid = ?1 AND c.token_hash = ?10 AND c.account_id IS ?11 AND c.kind = 'CART')
           AND (?4 = '' OR EXISTS (SELECT 1 FROM bundle_item bi JOIN bundle b ON b.id = bi.bundle_id
             WHERE bi.bundle_id = CAST(?4 AS INTEGER) AND bi.sku_id = s.id AND b.active = 1))
           AND ((SELECT count(*) FROM cart_item WHERE cart_uuid = ?1) < ${MAX_CART_LINES}
                OR EXISTS (SELECT 1 FROM cart_item
                  WHERE cart_uuid = ?1 AND sku_id = ?2 AND item_type = ?3 AND bundle_id = ?4))
         ON CONFLICT (cart_uuid, sku_id, item_type, bundle_id) DO UPDATE SET
           item_count = max(item_count, min(item_count + excluded.item_count,
             (SELECT min(available_total, ${MAX_LINE_QUANTITY}) FROM sku WHERE id = excluded.sku_id))),
           attribute_value_id = coalesce(excluded.attribute_value_id, attribute_value_id)`,
        )
        .bind(
          guard.uuid,
          line.skuId,
          line.itemType,
          line.bundleId,
          line.itemCount,
          line.attributeValueId,
          line.campaignId,
          now,
          market,
          guard.tokenHash,
          guard.accountId,
        );
    },

    /** Marks the cart as changed, under the same guard. */
    touch(guard: CartGuard, now: number) {
      return db
        .prepare(`UPDATE cart SET updated_at = ?1 WHERE uuid = ?2 AND token_hash = ?3 AND account_id IS ?4`)
        .bind(now, guard.uuid, guard.tokenHash, guard.accountId);
    },
  };
}
