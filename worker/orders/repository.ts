import { CORE_LINE_TYPE } from '../../shared/core-charges.ts';
import {
  CANCELLABLE_STATUSES,
  HOLDING_STATUSES,
  ORDER_STATUS_LABEL,
  PAYABLE_STATUSES,
  type OrderStatus,
} from '../../shared/order-status.ts';
import { sqlStatusList } from '../../shared/status-machine.ts';
import type { OrderAddress, OrderView } from '../../shared/orders.ts';
import { prop65FromJson } from '../../shared/regulated-parts.ts';
import { isCoreLine } from '../../shared/core-charges.ts';
import { carrierName, trackingUrl } from '../../shared/carriers.ts';
import { fulfilmentReads, readFulfilment } from './fulfilment-repository.ts';
import type { NewOrderLine, NewTax, OrderRecord } from './records.ts';

/** Unpaid orders holding stock (shared/order-status.ts). */
const HOLDING = sqlStatusList(HOLDING_STATUSES);

/** Orders' SQL: what happens to an order after it is placed, and the reads of its pages. */

/** An order row's columns, as OrderRecord names them (the back office's reads use them too). */
export const ORDER_COLUMNS = `id, idempotency_key AS idempotencyKey, account_id AS accountId, email, market, currency,
  status,
  subtotal_cent AS subtotalCent, discount_cent AS discountCent, shipping_cent AS shippingCent,
  shipping_discount_cent AS shippingDiscountCent, tax_cent AS taxCent, points_used AS pointsUsed,
  points_cent AS pointsCent, total_cent AS totalCent, shipping_name AS shippingName, address,
  payment_method AS paymentMethod, cart_uuid AS cartUuid, hold_expires_at AS holdExpiresAt, paid_at AS paidAt,
  cancelled_at AS cancelledAt, points_earned AS pointsEarned, created_at AS createdAt, updated_at AS updatedAt,
  vehicle_id AS vehicleId, vehicle_name AS vehicleName, visitor_key AS visitorKey, locale`;

/** The columns of an order line, in the order the inserts give them. */
export const LINE_COLUMNS = `order_id, line_no, sku_id, item_id, title, part_number, image_url, url_handle, item_type,
  bundle_id, quantity, unit_cent, discount_cent, total_cent, fit, prop65, core_of`;

/** An order's lines; `amounts` names the money columns as the caller reads them. */
const lineSelect = (amounts: string) => `SELECT line_no AS lineNo, sku_id AS skuId, item_id AS itemId, title,
  part_number AS partNumber, image_url AS imageUrl, url_handle AS urlHandle, item_type AS itemType,
  bundle_id AS bundleId, quantity, fit, prop65 AS prop65Json, core_of AS coreOf, ${amounts}
  FROM order_line WHERE order_id = ? ORDER BY line_no`;

export function orderRepository(db: D1Database) {
  return {
    /** An order's tax lines, numbered in the order given. */
    taxStatements(orderId: string, taxes: NewTax[]) {
      return taxes.map((tax, seq) =>
        db
          .prepare(`INSERT INTO order_tax (order_id, seq, name, rate_label, amount_cent) VALUES (?, ?, ?, ?, ?)`)
          .bind(orderId, seq, tax.name, tax.rateLabel, tax.amountCent),
      );
    },

    /**
     * Moves an order to another address with its new tax and total, while it is still in the
     * status it was read in, and replaces its tax lines.
     */
    addressChangeStatements(
      order: Pick<OrderRecord, 'id' | 'status'>,
      change: { address: string; taxCent: number; totalCent: number; taxes: NewTax[] },
      now: number,
    ) {
      return [
        db
          .prepare(`UPDATE orders SET address = ?, tax_cent = ?, total_cent = ?, updated_at = ?
            WHERE id = ? AND status = ?`)
          .bind(change.address, change.taxCent, change.totalCent, now, order.id, order.status),
        db.prepare(`DELETE FROM order_tax WHERE order_id = ?`).bind(order.id),
        ...this.taxStatements(order.id, change.taxes),
      ];
    },

    /**
     * Aborts the batch (batch_guard's CHECK) unless the statement just before changed exactly one
     * row: a status move that did not happen takes nothing else with it.
     */
    movedGuardStatements() {
      return [db.prepare(`INSERT INTO batch_guard (ok) SELECT changes() = 1`), db.prepare(`DELETE FROM batch_guard`)];
    },

    /** A paid order keeps the points it earned and holds its stock no longer. */
    paidStatement(orderId: string, pointsEarned: number) {
      return db
        .prepare(`UPDATE orders SET points_earned = ?, hold_expires_at = NULL WHERE id = ?`)
        .bind(pointsEarned, orderId);
    },

    /** Keeps an unpaid order's stock until `until`; answers false when the order no longer awaits payment. */
    async extendHold(orderId: string, until: number): Promise<boolean> {
      const result = await db
        .prepare(`UPDATE orders SET hold_expires_at = ? WHERE id = ? AND status IN (${HOLDING})`)
        .bind(until, orderId)
        .run();
      return result.meta.changes === 1;
    },

    giveBackStockStatement(skuId: number, quantity: number) {
      return db.prepare(`UPDATE sku SET available_total = available_total + ?1 WHERE id = ?2`).bind(quantity, skuId);
    },

    eventStatement(orderId: string, status: string, note: string | null, now: number) {
      return db
        .prepare(`INSERT INTO order_event (order_id, status, note, created_at) VALUES (?, ?, ?, ?)`)
        .bind(orderId, status, note, now);
    },

    /** Moves an order on only from the statuses given; answers whether it moved. */
    setStatusStatement(
      orderId: string,
      from: readonly OrderStatus[],
      to: OrderStatus,
      now: number,
      extra: { paidAt?: number; cancelledAt?: number } = {},
    ) {
      return db
        .prepare(`UPDATE orders SET status = ?1, updated_at = ?2, paid_at = coalesce(?3, paid_at),
            cancelled_at = coalesce(?4, cancelled_at)
          WHERE id = ?5 AND status IN (SELECT value FROM json_each(?6))`)
        .bind(to, now, extra.paidAt ?? null, extra.cancelledAt ?? null, orderId, JSON.stringify(from));
    },

    async byId(orderId: string): Promise<OrderRecord | null> {
      return db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`).bind(orderId).first<OrderRecord>();
    },

    async byIdempotencyKey(key: string): Promise<OrderRecord | null> {
      return db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE idempotency_key = ?`).bind(key).first<OrderRecord>();
    },

    async lines(orderId: string): Promise<NewOrderLine[]> {
      return (
        await db
          .prepare(lineSelect('unit_cent AS unitCent, discount_cent AS discountCent, total_cent AS totalCent'))
          .bind(orderId)
          .all<NewOrderLine>()
      ).results;
    },

    /** An order with everything its detail page shows, in one round trip. */
    async view(orderId: string): Promise<OrderView | null> {
      const [order, lines, adjustments, taxes, events, shipments, refunds] = await db.batch([
        db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`).bind(orderId),
        db.prepare(lineSelect('unit_cent AS unitPrice, discount_cent AS discount, total_cent AS total')).bind(orderId),
        db
          .prepare(
            `SELECT promotion_id AS promotionId, source, kind, name, reason, amount_cent AS amount
            FROM order_adjustment WHERE order_id = ? ORDER BY seq`,
          )
          .bind(orderId),
        db
          .prepare(
            `SELECT name, rate_label AS rateLabel, amount_cent AS amount
            FROM order_tax WHERE order_id = ? ORDER BY seq`,
          )
          .bind(orderId),
        db
          .prepare(`SELECT status, note, created_at AS createdAt FROM order_event WHERE order_id = ? ORDER BY id`)
          .bind(orderId),
        ...fulfilmentReads(db, orderId),
      ]);
      const row = order!.results[0] as OrderRecord | undefined;
      if (!row) return null;
      const viewLines = (lines!.results as (OrderView['lines'][number] & { prop65Json: string | null })[]).map(
        ({ prop65Json, ...line }) => ({ ...line, prop65: prop65FromJson(prop65Json) }),
      );
      return {
        ...summary(row),
        lines: viewLines,
        coreCharges: viewLines.filter(isCoreLine).reduce((sum, line) => sum + line.total, 0),
        adjustments: adjustments!.results as OrderView['adjustments'],
        taxes: taxes!.results as OrderView['taxes'],
        events: events!.results as OrderView['events'],
        ...fulfilmentView(readFulfilment(shipments!, refunds!)),
      };
    },

    /** A member's orders, newest first, by status and since a time. */
    async listForAccount(
      accountId: number,
      filter: { status: OrderStatus | null; since: number | null; page: number; size: number },
    ) {
      const where = `account_id = ?1 AND hidden = 0 AND (?2 IS NULL OR status = ?2)
        AND (?3 IS NULL OR created_at >= ?3)`;
      const [total, rows] = await db.batch([
        db.prepare(`SELECT count(*) AS total FROM orders WHERE ${where}`).bind(accountId, filter.status, filter.since),
        db
          .prepare(`SELECT ${ORDER_COLUMNS},
            (SELECT json_group_array(json_object('title', title, 'imageUrl', image_url, 'quantity', quantity))
              FROM order_line l WHERE l.order_id = orders.id) AS linesJson
          FROM orders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?4 OFFSET ?5`)
          .bind(accountId, filter.status, filter.since, filter.size, (filter.page - 1) * filter.size),
      ]);
      const list = (rows!.results as (OrderRecord & { linesJson: string })[]).map(({ linesJson, ...row }) => ({
        ...summary(row),
        lines: JSON.parse(linesJson) as { title: string; imageUrl: string | null; quantity: number }[],
      }));
      return { total: (total!.results[0] as { total: number }).total, list };
    },

    /** Takes an order out of its member's history. */
    /** Gives the guest orders placed with an email to the account whose verified email it is; answers how many. */
    async claimGuestOrders(accountId: number, email: string): Promise<number> {
      const result = await db
        .prepare(`UPDATE orders SET account_id = ?1 WHERE account_id IS NULL AND email = ?2 COLLATE NOCASE`)
        .bind(accountId, email)
        .run();
      return result.meta.changes;
    },

    async hide(orderId: string, accountId: number): Promise<boolean> {
      return (
        (
          await db
            .prepare(`UPDATE orders SET hidden = 1 WHERE id = ? AND account_id = ?`)
            .bind(orderId, accountId)
            .run()
        ).meta.changes === 1
      );
    },

    /** Unpaid orders whose stock hold has run out. */
    async expiredHolds(now: number, limit = 50): Promise<OrderRecord[]> {
      return (
        await db
          .prepare(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE status IN (${HOLDING}) AND hold_expires_at < ?
            ORDER BY hold_expires_at LIMIT ?`,
          )
          .bind(now, limit)
          .all<OrderRecord>()
      ).results;
    },

    async run(statements: D1PreparedStatement[]) {
      return db.batch(statements);
    },

    /** A member's placed orders still waiting for their payment (read-only; issue 21's pending points). */
    async unpaidForAccount(accountId: number): Promise<OrderRecord[]> {
      return (
        await db
          .prepare(
            `SELECT ${ORDER_COLUMNS} FROM orders
            WHERE account_id = ? AND status IN (${sqlStatusList(PAYABLE_STATUSES)})`,
          )
          .bind(accountId)
          .all<OrderRecord>()
      ).results;
    },

    /** Whether the member paid for the item in an order not cancelled (a part, not its core deposit). */
    async paidItemOf(accountId: number, itemId: number): Promise<boolean> {
      const row = await db
        .prepare(
          `SELECT 1 AS bought FROM orders o JOIN order_line l ON l.order_id = o.id
            WHERE o.account_id = ?1 AND l.item_id = ?2 AND o.paid_at IS NOT NULL AND o.status <> 'CANCELLED'
              AND l.item_type <> '${CORE_LINE_TYPE}' LIMIT 1`,
        )
        .bind(accountId, itemId)
        .first<{ bought: number }>();
      return row !== null;
    },
  };
}

/** Shipments with their carrier's name and tracking link, refunds in the view's words. */
function fulfilmentView({ shipments, refunds }: ReturnType<typeof readFulfilment>) {
  return {
    shipments: shipments.map((shipment) => ({
      ...shipment,
      carrierName: carrierName(shipment.carrier),
      trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
    })),
    refunds: refunds.map(({ amountCent, shippingCent, ...refund }) => ({
      ...refund,
      amount: amountCent,
      shipping: shippingCent,
    })),
  };
}

/** The order's own fields as the shopper sees them. */
export function summary(
  row: OrderRecord,
): Omit<OrderView, 'lines' | 'adjustments' | 'taxes' | 'events' | 'shipments' | 'refunds'> {
  return {
    orderId: row.id,
    status: row.status,
    statusLabel: ORDER_STATUS_LABEL[row.status],
    email: row.email,
    market: row.market,
    currency: row.currency,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    subtotal: row.subtotalCent,
    discount: row.discountCent,
    shipping: row.shippingCent,
    shippingDiscount: row.shippingDiscountCent,
    shippingName: row.shippingName,
    tax: row.taxCent,
    pointsUsed: row.pointsUsed,
    points: row.pointsCent,
    total: row.totalCent,
    pointsEarned: row.pointsEarned,
    paymentMethod: row.paymentMethod,
    address: JSON.parse(row.address) as OrderAddress,
    cancellable: CANCELLABLE_STATUSES.includes(row.status),
    holdExpiresAt: HOLDING_STATUSES.includes(row.status) ? row.holdExpiresAt : null,
    vehicle: row.vehicleId && row.vehicleName ? { id: row.vehicleId, name: row.vehicleName } : null,
  };
}
