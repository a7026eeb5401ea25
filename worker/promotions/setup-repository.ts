import { MARKET_IDS } from '../../shared/markets.ts';
import type { NewPromotionRecord } from './records.ts';

/** Creating a promotion with its codes, scope and add-ons: its SQL. */

/**
 * Creates a promotion with its codes (one per market it covers), scope and add-ons in one
 * batch; a code already taken in a market fails the whole batch. The child rows take the new
 * id from last_insert_rowid(), which their WITHOUT ROWID inserts leave unchanged.
 */
export async function insertPromotion(db: D1Database, promotion: NewPromotionRecord): Promise<number> {
  const { scope, addOns, ...p } = promotion;
  const markets = p.market ? [p.market] : MARKET_IDS;
  const [created] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO promotion (name, code, source, promotion_type, discount_type, discount_value, threshold_type,
         threshold_value, applies_to, market, starts_at, ends_at, usage_limit, per_customer_limit, member_only,
         integral_score, limit_scene, max_discount_cent, gift_sku_id, gift_quantity, shipping_option)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
       RETURNING id`,
      )
      .bind(
        p.name,
        p.code,
        p.source,
        p.promotionType,
        p.discountType,
        p.discountValue,
        p.thresholdType,
        p.thresholdValue,
        p.appliesTo,
        p.market,
        p.startsAt,
        p.endsAt,
        p.usageLimit,
        p.perCustomerLimit,
        p.memberOnly,
        p.integralScore,
        p.limitScene,
        p.maxDiscountCent,
        p.giftSkuId,
        p.giftQuantity,
        p.shippingOption ?? null,
      ),
    ...(p.code
      ? markets.map((market) =>
          db
            .prepare('INSERT INTO promotion_code (code, market, promotion_id) VALUES (?, ?, last_insert_rowid())')
            .bind(p.code, market),
        )
      : []),
    ...scope.map((target) =>
      db
        .prepare(
          'INSERT INTO promotion_scope (promotion_id, target_type, target_id) VALUES (last_insert_rowid(), ?, ?)',
        )
        .bind(target.targetType, target.targetId),
    ),
    ...addOns.map((addOn) =>
      db
        .prepare(
          `INSERT INTO promotion_add_on (promotion_id, sku_id, price_cent, percent_off, max_quantity)
           VALUES (last_insert_rowid(), ?, ?, ?, ?)`,
        )
        .bind(addOn.skuId, addOn.priceCent, addOn.percentOff, addOn.maxQuantity),
    ),
  ]);
  return created!.results[0]!.id;
}
