/**
 * The provider ledger's queries (issue 38): the money movements providers report, the disputes they
 * open, and the daily reconciliation reports. The only place with their SQL.
 */
import { CURRENCIES } from '../../shared/markets.ts';
import type { DisputeStatus, MovementKind } from '../../shared/payment-movements.ts';
import type { DisputeNews, MovementNews } from './movements.ts';

/** Where a reported movement belongs: its order and payment, when the event named them. */
export interface MovementOwner {
  provider: string;
  eventId: string;
  orderId: string | null;
  paymentId: string | null;
}

export interface DisputeRecord {
  provider: string;
  ref: string;
  orderId: string | null;
  paymentId: string | null;
  amountCent: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  evidenceDueAt: number | null;
  openedAt: number;
  closedAt: number | null;
}

/** One provider's movements of one kind and currency summed, per order (null for payouts and day-level fees). */
export interface MovementSum {
  provider: string;
  orderId: string | null;
  kind: MovementKind;
  currency: string;
  totalCent: number;
}

/** The shop's own books for one order and provider: what its payments captured and its refunds gave back. */
export interface ShopSum {
  provider: string;
  orderId: string;
  currency: string;
  capturedCent: number;
  refundedCent: number;
}

const DISPUTE_COLUMNS = `provider, ref, order_id AS orderId, payment_id AS paymentId, amount_cent AS amountCent,
  currency, reason, status, evidence_due_at AS evidenceDueAt, opened_at AS openedAt, closed_at AS closedAt`;

/** The providers whose money the shop reconciles: the sandbox moves none. */
const REAL = `provider <> 'sandbox'`;

/**
 * The shop sells in USD and CAD only: a movement in another currency (a provider's balance in another
 * currency, a fee billed in it) is not the shop's order money and is left out, never refused with the
 * event (a refused event would come back from the provider for days).
 */
const shopCurrency = (currency: string) => (CURRENCIES as readonly string[]).includes(currency);

export function ledgerRepository(db: D1Database) {
  return {
    /**
     * Keeps an event's movements and dispute in one batch. A movement is kept once by the provider's
     * id for it (a redelivery, or a second event about the same capture, adds nothing); a dispute
     * opens once and closes once, and a late "opened" never reopens a closed one.
     */
    async record(owner: MovementOwner, movements: readonly MovementNews[], dispute: DisputeNews | null, now: number) {
      const statements = movements
        .filter((movement) => shopCurrency(movement.currency))
        .map((movement) =>
          db
            .prepare(
              `INSERT INTO provider_movement (provider, kind, ref, order_id, payment_id, amount_cent, currency,
               occurred_at, event_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (provider, kind, ref) DO NOTHING`,
            )
            .bind(
              owner.provider,
              movement.kind,
              movement.ref,
              owner.orderId,
              owner.paymentId,
              movement.amountCent,
              movement.currency,
              now,
              owner.eventId,
            ),
        );
      if (dispute && shopCurrency(dispute.currency)) {
        const closed = dispute.status === 'OPEN' ? null : now;
        statements.push(
          db
            .prepare(
              `INSERT INTO payment_dispute (provider, ref, order_id, payment_id, amount_cent, currency, reason,
                 status, evidence_due_at, opened_at, closed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (provider, ref) DO UPDATE SET status = excluded.status, closed_at = excluded.closed_at
                 WHERE payment_dispute.status = 'OPEN' AND excluded.status <> 'OPEN'`,
            )
            .bind(
              owner.provider,
              dispute.ref,
              owner.orderId,
              owner.paymentId,
              dispute.amountCent,
              dispute.currency,
              dispute.reason,
              dispute.status,
              dispute.evidenceDueAt,
              now,
              closed,
            ),
        );
      }
      if (statements.length > 0) await db.batch(statements);
    },

    /** A day's fees a provider reports in bulk (not per event), kept once by the provider's id. */
    async recordFee(provider: string, ref: string, amountCent: number, currency: string, at: number) {
      if (!shopCurrency(currency)) return;
      await db
        .prepare(
          `INSERT INTO provider_movement (provider, kind, ref, amount_cent, currency, occurred_at, event_id)
           VALUES (?, 'FEE', ?, ?, ?, ?, 'report') ON CONFLICT (provider, kind, ref) DO NOTHING`,
        )
        .bind(provider, ref, amountCent, currency, at)
        .run();
    },

    /**
     * The orders whose money moved in [from, to) on either side: a movement a provider reported, or the
     * shop's own capture or refund on a real provider's payment.
     */
    async ordersTouchedIn(from: number, to: number): Promise<string[]> {
      const { results } = await db
        .prepare(
          `SELECT order_id AS orderId FROM provider_movement
            WHERE order_id IS NOT NULL AND occurred_at >= ?1 AND occurred_at < ?2
           UNION SELECT order_id FROM payment
            WHERE ${REAL} AND captured_cent > 0 AND updated_at >= ?1 AND updated_at < ?2
           UNION SELECT p.order_id FROM refund r JOIN payment p ON p.id = r.payment_id
            WHERE p.${REAL} AND r.created_at >= ?1 AND r.created_at < ?2`,
        )
        .bind(from, to)
        .all<{ orderId: string }>();
      return results.map((row) => row.orderId);
    },

    /** Every movement of the orders given, summed by provider, order, kind and currency. */
    async sumsForOrders(orderIds: readonly string[]): Promise<MovementSum[]> {
      const { results } = await db
        .prepare(
          `SELECT provider, order_id AS orderId, kind, currency, sum(amount_cent) AS totalCent
             FROM provider_movement WHERE order_id IN (SELECT value FROM json_each(?))
            GROUP BY provider, order_id, kind, currency`,
        )
        .bind(JSON.stringify(orderIds))
        .all<MovementSum>();
      return results;
    },

    /** The day's movements summed by provider, kind and currency (payouts and bulk fees included). */
    async sumsIn(from: number, to: number): Promise<MovementSum[]> {
      const { results } = await db
        .prepare(
          `SELECT provider, NULL AS orderId, kind, currency, sum(amount_cent) AS totalCent
             FROM provider_movement WHERE occurred_at >= ? AND occurred_at < ? GROUP BY provider, kind, currency`,
        )
        .bind(from, to)
        .all<MovementSum>();
      return results;
    },

    /** The shop's books for the orders given: captured on its real providers' payments, and refunded. */
    async shopSums(orderIds: readonly string[]): Promise<ShopSum[]> {
      const { results } = await db
        .prepare(
          `SELECT p.provider, p.order_id AS orderId, p.currency, sum(p.captured_cent) AS capturedCent,
                  sum((SELECT coalesce(sum(r.amount_cent), 0) FROM refund r WHERE r.payment_id = p.id)) AS refundedCent
             FROM payment p WHERE p.${REAL} AND p.order_id IN (SELECT value FROM json_each(?))
            GROUP BY p.provider, p.order_id, p.currency`,
        )
        .bind(JSON.stringify(orderIds))
        .all<ShopSum>();
      return results.filter((row) => row.capturedCent > 0 || row.refundedCent > 0);
    },

    /** The disputes in a status, oldest first (open ones are staff's queue). */
    async disputes(status: DisputeStatus, limit = 100): Promise<DisputeRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${DISPUTE_COLUMNS} FROM payment_dispute WHERE status = ? ORDER BY opened_at LIMIT ?`)
        .bind(status, limit)
        .all<DisputeRecord>();
      return results;
    },

    async disputesForOrder(orderId: string): Promise<DisputeRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${DISPUTE_COLUMNS} FROM payment_dispute WHERE order_id = ? ORDER BY opened_at`)
        .bind(orderId)
        .all<DisputeRecord>();
      return results;
    },

    /** Keeps a day's report once: a second build of the same day (two crons at once) changes nothing. */
    async saveReport(day: string, flagged: number, body: string, now: number): Promise<boolean> {
      const { meta } = await db
        .prepare(
          `INSERT INTO reconciliation_report (day, built_at, flagged, body) VALUES (?, ?, ?, ?)
           ON CONFLICT (day) DO NOTHING`,
        )
        .bind(day, now, flagged, body)
        .run();
      return meta.changes > 0;
    },

    report(day: string): Promise<{ day: string; builtAt: number; flagged: number; body: string } | null> {
      return db
        .prepare(`SELECT day, built_at AS builtAt, flagged, body FROM reconciliation_report WHERE day = ?`)
        .bind(day)
        .first();
    },

    async reports(limit = 30): Promise<{ day: string; builtAt: number; flagged: number }[]> {
      const { results } = await db
        .prepare(`SELECT day, built_at AS builtAt, flagged FROM reconciliation_report ORDER BY day DESC LIMIT ?`)
        .bind(limit)
        .all<{ day: string; builtAt: number; flagged: number }>();
      return results;
    },
  };
}
