import { prop65Json } from '../../shared/regulated-parts.ts';
import { LINE_COLUMNS, orderRepository } from './repository.ts';
import type { NewAdjustment, NewOrderLine, NewTax, NewOrder } from './records.ts';

/** The statements a new order is written with, for the place-order flow's one batch: the order and its lines, gifts. */
export function placementRepository(db: D1Database) {
  const orders = orderRepository(db);
  return {
    /**
     * The statements that write a new order; the caller puts them in one batch with the stock,
     * points and promotion statements.
     */
    insertStatements(order: NewOrder, lines: NewOrderLine[], adjustments: NewAdjustment[], taxes: NewTax[]) {
      return [
        db
          .prepare(`INSERT INTO orders (id, idempotency_key, account_id, email, market, currency, status,
            subtotal_cent, discount_cent, shipping_cent, shipping_discount_cent, tax_cent, points_used, points_cent,
            total_cent, shipping_name, address, payment_method, cart_uuid, hold_expires_at, created_at, updated_at,
            access_key, placed_ip, visitor_key, vehicle_id, vehicle_name, locale)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?21,
            ?22, ?23, ?24, ?25, ?26, ?27)`)
          .bind(
            order.id,
            order.idempotencyKey,
            order.accountId,
            order.email,
            order.market,
            order.currency,
            order.status,
            order.subtotalCent,
            order.discountCent,
            order.shippingCent,
            order.shippingDiscountCent,
            order.taxCent,
            order.pointsUsed,
            order.pointsCent,
            order.totalCent,
            order.shippingName,
            order.address,
            order.paymentMethod,
            order.cartUuid,
            order.holdExpiresAt,
            order.createdAt,
            order.accessKey ?? null,
            order.placedIp ?? null,
            order.visitorKey ?? null,
            order.vehicleId ?? null,
            order.vehicleName ?? null,
            order.locale ?? 'en',
          ),
        ...lines.map((line) =>
          db
            .prepare(
              `INSERT INTO order_line (${LINE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              order.id,
              line.lineNo,
              line.skuId,
              line.itemId,
              line.title,
              line.partNumber,
              line.imageUrl,
              line.urlHandle,
              line.itemType,
              line.bundleId,
              line.quantity,
              line.unitCent,
              line.discountCent,
              line.totalCent,
              line.fit ?? null,
              prop65Json(line.prop65 ?? null),
              line.coreOf ?? null,
            ),
        ),
        ...adjustments.map((adjustment, seq) =>
          db
            .prepare(
              `INSERT INTO order_adjustment (order_id, seq, promotion_id, source, kind, name, reason, amount_cent)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              order.id,
              seq,
              adjustment.promotionId,
              adjustment.source,
              adjustment.kind,
              adjustment.name,
              adjustment.reason,
              adjustment.amountCent,
            ),
        ),
        ...orders.taxStatements(order.id, taxes),
        orders.eventStatement(order.id, order.status, 'Order placed', order.createdAt),
      ];
    },

    /**
     * A gift line, written only when the gift's stock was taken by the statement just before it
     * (changes() = 1): a gift rides along only while its stock lasts, never failing the order.
     */
    giftLineStatement(orderId: string, line: NewOrderLine) {
      return db
        .prepare(`INSERT INTO order_line (${LINE_COLUMNS})
          SELECT ?, ?, ?, ?, ?, ?, ?, ?, 'GIFT', NULL, ?, 0, 0, 0, NULL, NULL, NULL WHERE changes() = 1`)
        .bind(
          orderId,
          line.lineNo,
          line.skuId,
          line.itemId,
          line.title,
          line.partNumber,
          line.imageUrl,
          line.urlHandle,
          line.quantity,
        );
    },
  };
}
