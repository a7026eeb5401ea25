import { CORE_LINE_TYPE } from '../../shared/core-charges.ts';
import { FULFILLED_STATUSES, REFUNDABLE_STATUSES, SHIPPABLE_STATUSES } from '../../shared/order-status.ts';
import { RETURN_OPEN_STATUSES } from '../../shared/return-status.ts';
import { sqlStatusList } from '../../shared/status-machine.ts';

/** Shipments and the shop's refunds of an order: their SQL (issue 19, Orders and fulfilment). */

/** The timeline's line that says the review invitation went out (once per order). */
export const REVIEW_INVITATION_NOTE = 'Review invitation sent';
/** Where an order whose shipments are all delivered is invited to review: all sent, not all refunded. */
const INVITED_STATUSES = ['SHIPPED', 'PARTIAL_REFUND', 'RETURNING'];

export interface ShipmentRow {
  id: number;
  carrier: string;
  trackingNumber: string;
  shippedAt: number;
  deliveredAt: number | null;
  lines: { lineNo: number; quantity: number }[];
}

export interface RefundRow {
  id: number;
  amountCent: number;
  shippingCent: number;
  pointsTaken: number;
  reason: string;
  status: 'PENDING' | 'DONE' | 'FAILED';
  createdAt: number;
  lines: { lineNo: number; quantity: number }[];
}

/** Per line: units shipped and units refunded (refunds that did not fail). */
const LINE_COUNTS = `SELECT ol.line_no AS lineNo, ol.quantity AS quantity, ol.item_type AS itemType,
    (SELECT coalesce(sum(s.quantity), 0) FROM shipment_line s
      WHERE s.order_id = ol.order_id AND s.line_no = ol.line_no) AS shipped,
    (SELECT coalesce(sum(rl.quantity), 0) FROM order_refund_line rl JOIN order_refund r ON r.id = rl.refund_id
      WHERE rl.order_id = ol.order_id AND rl.line_no = ol.line_no AND r.status <> 'FAILED') AS refunded
  FROM order_line ol WHERE ol.order_id = ?1`;

const REFUNDED_MONEY = `SELECT coalesce(sum(amount_cent), 0) FROM order_refund
  WHERE order_id = ?1 AND status <> 'FAILED'`;

/** The two reads of an order's shipments and refunds (oldest first, each with its lines), for a batch. */
export function fulfilmentReads(db: D1Database, orderId: string): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db
      .prepare(
        `SELECT id, carrier, tracking_number AS trackingNumber, shipped_at AS shippedAt, delivered_at AS deliveredAt,
          (SELECT json_group_array(json_object('lineNo', line_no, 'quantity', quantity))
            FROM shipment_line sl WHERE sl.shipment_id = shipment.id) AS linesJson
        FROM shipment WHERE order_id = ? ORDER BY id`,
      )
      .bind(orderId),
    db
      .prepare(
        `SELECT id, amount_cent AS amountCent, shipping_cent AS shippingCent, points_taken AS pointsTaken, reason,
          status, created_at AS createdAt,
          (SELECT json_group_array(json_object('lineNo', line_no, 'quantity', quantity))
            FROM order_refund_line rl WHERE rl.refund_id = order_refund.id) AS linesJson
        FROM order_refund WHERE order_id = ? ORDER BY id`,
      )
      .bind(orderId),
  ];
}

/** The rows of fulfilmentReads, with their lines parsed. */
export function readFulfilment(shipments: D1Result, refunds: D1Result) {
  const withLines = (rows: unknown[]) =>
    (rows as { linesJson: string }[]).map(({ linesJson, ...row }) => ({
      ...row,
      lines: JSON.parse(linesJson) as { lineNo: number; quantity: number }[],
    }));
  return {
    shipments: withLines(shipments.results) as ShipmentRow[],
    refunds: withLines(refunds.results) as RefundRow[],
  };
}

/** A return of the order that is still open keeps it RETURNING (shared/returns.ts RETURN_OPEN_STATUSES). */
const OPEN_RETURN = `SELECT 1 FROM order_return WHERE order_id = ?1
  AND status IN (${sqlStatusList(RETURN_OPEN_STATUSES)})`;

export function fulfilmentRepository(db: D1Database) {
  /** Aborts the batch (batch_guard's CHECK) unless the condition, a SELECT of one 0/1 value, is 1. */
  const guard = (condition: string, ...params: unknown[]) => [
    db.prepare(`INSERT INTO batch_guard (ok) ${condition}`).bind(...params),
    db.prepare(`DELETE FROM batch_guard`),
  ];
  return {
    /** Units ordered, shipped and refunded per line. */
    async lineCounts(orderId: string) {
      const { results } = await db
        .prepare(`${LINE_COUNTS} ORDER BY ol.line_no`)
        .bind(orderId)
        .all<{ lineNo: number; quantity: number; itemType: string; shipped: number; refunded: number }>();
      return results;
    },

    /** Money, shipping and points taken back so far (refunds that did not fail). */
    async refundedTotals(orderId: string) {
      return (await db
        .prepare(
          `SELECT coalesce(sum(amount_cent), 0) AS amountCent, coalesce(sum(shipping_cent), 0) AS shippingCent,
            coalesce(sum(points_taken), 0) AS pointsTaken, coalesce(sum(points_returned), 0) AS pointsReturned
          FROM order_refund WHERE order_id = ? AND status <> 'FAILED'`,
        )
        .bind(orderId)
        .first<{ amountCent: number; shippingCent: number; pointsTaken: number; pointsReturned: number }>())!;
    },

    /**
     * A shipment of some units of some lines, in one batch: refused (the guard aborts it) when the
     * order is not shippable any more or a line would ship more units than are left to send.
     */
    shipmentStatements(
      orderId: string,
      shipment: { key: string; carrier: string; trackingNumber: string; staffId: number | null; now: number },
      lines: { lineNo: number; quantity: number }[],
    ): D1PreparedStatement[] {
      return [
        ...guard(`SELECT status IN (${sqlStatusList(SHIPPABLE_STATUSES)}) FROM orders WHERE id = ?`, orderId),
        db
          .prepare(
            `INSERT INTO shipment (order_id, idempotency_key, carrier, tracking_number, shipped_at, staff_id)
            VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .bind(orderId, shipment.key, shipment.carrier, shipment.trackingNumber, shipment.now, shipment.staffId),
        ...lines.map((line) =>
          db
            .prepare(
              `INSERT INTO shipment_line (shipment_id, order_id, line_no, quantity)
              SELECT id, order_id, ?, ? FROM shipment WHERE idempotency_key = ?`,
            )
            .bind(line.lineNo, line.quantity, shipment.key),
        ),
        ...guard(`SELECT NOT EXISTS (SELECT 1 FROM (${LINE_COUNTS}) WHERE shipped + refunded > quantity)`, orderId),
      ];
    },

    /**
     * A refund recorded as PENDING before the provider is asked, in one batch: refused when the
     * order is not refundable, a line would be refunded more units than were ordered, shipping
     * more than was paid for it, or the money refunded in all would pass what was paid.
     */
    refundStatements(
      orderId: string,
      refund: {
        key: string;
        amountCent: number;
        shippingCent: number;
        pointsTaken: number;
        pointsReturned: number;
        reason: string;
        staffId: number | null;
        now: number;
      },
      lines: { lineNo: number; quantity: number }[],
    ): D1PreparedStatement[] {
      return [
        ...guard(
          `SELECT status IN (${sqlStatusList(REFUNDABLE_STATUSES)}) AND paid_at IS NOT NULL FROM orders WHERE id = ?`,
          orderId,
        ),
        db
          .prepare(
            `INSERT INTO order_refund (order_id, idempotency_key, amount_cent, shipping_cent, points_taken,
              points_returned, reason, status, staff_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`,
          )
          .bind(
            orderId,
            refund.key,
            refund.amountCent,
            refund.shippingCent,
            refund.pointsTaken,
            refund.pointsReturned,
            refund.reason,
            refund.staffId,
            refund.now,
          ),
        ...lines.map((line) =>
          db
            .prepare(
              `INSERT INTO order_refund_line (refund_id, order_id, line_no, quantity)
              SELECT id, order_id, ?, ? FROM order_refund WHERE idempotency_key = ?`,
            )
            .bind(line.lineNo, line.quantity, refund.key),
        ),
        ...guard(`SELECT NOT EXISTS (SELECT 1 FROM (${LINE_COUNTS}) WHERE refunded > quantity)`, orderId),
        ...guard(
          `SELECT (${REFUNDED_MONEY}) <= total_cent
            AND (SELECT coalesce(sum(shipping_cent), 0) FROM order_refund WHERE order_id = ?1 AND status <> 'FAILED')
              <= shipping_cent - shipping_discount_cent
          FROM orders WHERE id = ?1`,
          orderId,
        ),
      ];
    },

    /** Ends a pending refund: DONE with the amount the provider gave back, or FAILED. */
    settleRefundStatement(refundKey: string, outcome: { status: 'DONE' | 'FAILED'; amountCent: number }) {
      return db
        .prepare(
          `UPDATE order_refund SET status = ?, amount_cent = max(1, ?)
          WHERE idempotency_key = ? AND status = 'PENDING'`,
        )
        .bind(outcome.status, outcome.amountCent, refundKey);
    },

    /**
     * Sets the order's status from what shipped, what was refunded and its returns, read inside
     * the batch so two staff acting at once still end on the right one: all the money back is
     * REFUND; an open return RETURNING; some money back PARTIAL_REFUND; otherwise every unit sent
     * (or refunded) is SHIPPED, some PARTIAL_SHIPMENT.
     */
    refreshStatusStatement(orderId: string, now: number) {
      return db
        .prepare(
          `UPDATE orders SET updated_at = ?2, status = (
            WITH counts AS (${LINE_COUNTS} AND ol.item_type <> '${CORE_LINE_TYPE}')
            SELECT CASE
              WHEN orders.total_cent > 0 AND (${REFUNDED_MONEY}) >= orders.total_cent THEN 'REFUND'
              WHEN EXISTS (${OPEN_RETURN}) THEN 'RETURNING'
              WHEN (${REFUNDED_MONEY}) > 0 THEN 'PARTIAL_REFUND'
              WHEN (SELECT sum(shipped) FROM counts) = 0 THEN 'PROCESSING'
              WHEN NOT EXISTS (SELECT 1 FROM counts WHERE shipped + refunded < quantity) THEN 'SHIPPED'
              ELSE 'PARTIAL_SHIPMENT' END)
          WHERE id = ?1 AND status IN (${sqlStatusList(FULFILLED_STATUSES)})`,
        )
        .bind(orderId, now);
    },

    /** The order's history line, with the status the batch left it in. */
    eventStatement(orderId: string, note: string, now: number) {
      return db
        .prepare(
          `INSERT INTO order_event (order_id, status, note, created_at)
          SELECT id, status, ?, ? FROM orders WHERE id = ?`,
        )
        .bind(note, now, orderId);
    },

    async shipmentByKey(key: string) {
      return db.prepare(`SELECT id, order_id AS orderId FROM shipment WHERE idempotency_key = ?`).bind(key).first<{
        id: number;
        orderId: string;
      }>();
    },

    async refundByKey(key: string) {
      return db
        .prepare(`SELECT id, order_id AS orderId, status, amount_cent AS amountCent FROM order_refund
          WHERE idempotency_key = ?`)
        .bind(key)
        .first<{ id: number; orderId: string; status: RefundRow['status']; amountCent: number }>();
    },

    /** Marks a shipment delivered (once); answers whether it changed. */
    deliveredStatement(orderId: string, shipmentId: number, now: number) {
      return db
        .prepare(`UPDATE shipment SET delivered_at = ? WHERE id = ? AND order_id = ? AND delivered_at IS NULL`)
        .bind(now, shipmentId, orderId);
    },

    /**
     * Claims the order's one review invitation, in one statement (so two deliveries marked at once
     * claim it once): when everything is sent, every shipment is delivered, and it was not sent yet.
     * It stays in the order's timeline. Answers whether this call claimed it.
     */
    async claimReviewInvitation(orderId: string, now: number): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO order_event (order_id, status, note, created_at)
          SELECT id, status, ?3, ?2 FROM orders WHERE id = ?1 AND status IN (SELECT value FROM json_each(?4))
            AND EXISTS (SELECT 1 FROM shipment WHERE order_id = ?1)
            AND NOT EXISTS (SELECT 1 FROM shipment WHERE order_id = ?1 AND delivered_at IS NULL)
            AND NOT EXISTS (SELECT 1 FROM order_event WHERE order_id = ?1 AND note = ?3)`,
        )
        .bind(orderId, now, REVIEW_INVITATION_NOTE, JSON.stringify(INVITED_STATUSES))
        .run();
      return result.meta.changes === 1;
    },

    async run(statements: D1PreparedStatement[]) {
      return db.batch(statements);
    },
  };
}
