/** Payment queries: payments, their refunds and the webhook events received. The only place with their SQL. */
import { OPEN_PAYMENT_STATUSES, type PaymentStatus } from '../../shared/payment-status.ts';
import { sqlStatusList } from '../../shared/status-machine.ts';
import type { PaymentRecord } from './records.ts';

export type NewPayment = Omit<
  PaymentRecord,
  'updatedAt' | 'declineCode' | 'cardLast4' | 'cardBrand' | 'capturedCent' | 'providerRef' | 'providerTxnRef'
> & { providerRef?: string | null };

/** What a status change may also set; fields left out keep their value. */
export interface PaymentChange {
  status: PaymentStatus;
  declineCode?: string | null;
  cardLast4?: string | null;
  cardBrand?: string | null;
  providerRef?: string | null;
  providerTxnRef?: string | null;
  capturedCent?: number;
}

/** Why the shop gave money back on its own: a second capture, a capture of the wrong amount, a cancelled order. */
export type RefundReason = 'duplicate_capture' | 'amount_mismatch' | 'order_cancelled' | 'shop_refund';

export interface NewRefund {
  id: string;
  paymentId: string;
  amountCent: number;
  providerRef: string | null;
  createdAt: number;
  reason?: RefundReason | null;
}

export interface PaymentEventRecord {
  provider: string;
  eventId: string;
  type: string;
  paymentId: string | null;
  payload: string;
  receivedAt: number;
}

const COLUMNS = `id, order_id AS orderId, method, provider, provider_ref AS providerRef,
  provider_txn_ref AS providerTxnRef, amount_cent AS amountCent,
  currency, status,
  decline_code AS declineCode, card_last4 AS cardLast4, card_brand AS cardBrand, capture_method AS captureMethod,
  captured_cent AS capturedCent, created_at AS createdAt, updated_at AS updatedAt, expires_at AS expiresAt`;

const OPEN = `(${sqlStatusList(OPEN_PAYMENT_STATUSES)})`;

/** The payment queries over one D1 database. */
export function paymentRepository(db: D1Database) {
  /**
   * Moves a payment on only while it is still in one of `from`: two deliveries or two clicks at
   * once change it once. Answers whether this call made the change.
   */
  async function transition(
    id: string,
    from: readonly PaymentStatus[],
    change: PaymentChange,
    now: number,
  ): Promise<boolean> {
    const sets = ['status = ?', 'updated_at = ?'];
    const values: unknown[] = [change.status, now];
    const optional: [keyof PaymentChange, string][] = [
      ['declineCode', 'decline_code'],
      ['cardLast4', 'card_last4'],
      ['cardBrand', 'card_brand'],
      ['providerRef', 'provider_ref'],
      ['providerTxnRef', 'provider_txn_ref'],
      ['capturedCent', 'captured_cent'],
    ];
    for (const [field, column] of optional) {
      if (change[field] === undefined) continue;
      sets.push(`${column} = ?`);
      values.push(change[field]);
    }
    const marks = from.map(() => '?').join(', ');
    const result = await db
      .prepare(`UPDATE payment SET ${sets.join(', ')} WHERE id = ? AND status IN (${marks})`)
      .bind(...values, id, ...from)
      .run();
    return result.meta.changes === 1;
  }

  return {
    /**
     * Inserts a payment only while its order has none under way: two starts at once open one.
     * Answers whether this call inserted it.
     */
    async insertUnlessOpen(payment: NewPayment): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO payment (id, order_id, method, provider, provider_ref, amount_cent, currency, status,
           capture_method, created_at, updated_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11
         WHERE NOT EXISTS (SELECT 1 FROM payment WHERE order_id = ?2 AND status IN ${OPEN})`,
        )
        .bind(
          payment.id,
          payment.orderId,
          payment.method,
          payment.provider,
          payment.providerRef ?? null,
          payment.amountCent,
          payment.currency,
          payment.status,
          payment.captureMethod,
          payment.createdAt,
          payment.expiresAt,
        )
        .run();
      return result.meta.changes === 1;
    },

    /**
     * Claims `paymentId` as the one capture standing for its order, unless another payment holds
     * that place already; answers the payment that stands (this one or the earlier one).
     */
    async claimStanding(orderId: string, paymentId: string, now: number): Promise<string | null> {
      const [, standing] = await db.batch<{ paymentId: string }>([
        db
          .prepare(
            `INSERT INTO payment_standing (order_id, payment_id, created_at) VALUES (?, ?, ?)
             ON CONFLICT (order_id) DO NOTHING`,
          )
          .bind(orderId, paymentId, now),
        db.prepare('SELECT payment_id AS paymentId FROM payment_standing WHERE order_id = ?').bind(orderId),
      ]);
      return standing?.results[0]?.paymentId ?? null;
    },

    /** Ends an authorization nothing was captured from (voided at its provider): a capture at once wins. */
    async voidUncaptured(id: string, now: number): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE payment SET status = 'EXPIRED', decline_code = 'expired', updated_at = ?
          WHERE id = ? AND status = 'SUCCEEDED' AND captured_cent = 0`,
        )
        .bind(now, id)
        .run();
      return result.meta.changes === 1;
    },

    find(id: string): Promise<PaymentRecord | null> {
      return db.prepare(`SELECT ${COLUMNS} FROM payment WHERE id = ?`).bind(id).first<PaymentRecord>();
    },

    findByProviderRef(provider: string, providerRef: string): Promise<PaymentRecord | null> {
      return db
        .prepare(`SELECT ${COLUMNS} FROM payment WHERE provider = ? AND provider_ref = ?`)
        .bind(provider, providerRef)
        .first<PaymentRecord>();
    },

    /** The payment a provider's money-moving transaction (a PayPal capture or authorization) belongs to. */
    findByTxnRef(provider: string, txnRef: string): Promise<PaymentRecord | null> {
      return db
        .prepare(`SELECT ${COLUMNS} FROM payment WHERE provider = ? AND provider_txn_ref = ?`)
        .bind(provider, txnRef)
        .first<PaymentRecord>();
    },

    /** An order's payment attempts, newest first. */
    async listForOrder(orderId: string): Promise<PaymentRecord[]> {
      return (
        await db
          .prepare(`SELECT ${COLUMNS} FROM payment WHERE order_id = ? ORDER BY created_at DESC, id DESC`)
          .bind(orderId)
          .all<PaymentRecord>()
      ).results;
    },

    /** The refunds of an order's payments, oldest first: what each gave back, and why. */
    async refundsForOrder(orderId: string) {
      return (
        await db
          .prepare(
            `SELECT r.id, r.payment_id AS paymentId, r.amount_cent AS amountCent, r.reason, r.created_at AS createdAt
            FROM refund r JOIN payment p ON p.id = r.payment_id WHERE p.order_id = ? ORDER BY r.created_at, r.id`,
          )
          .bind(orderId)
          .all<{ id: string; paymentId: string; amountCent: number; reason: string | null; createdAt: number }>()
      ).results;
    },

    transition,

    /** Captures an authorized payment once: a second capture at the same moment changes nothing. */
    async markCaptured(id: string, amountCent: number, now: number): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE payment SET captured_cent = ?, updated_at = ?
          WHERE id = ? AND status = 'SUCCEEDED' AND captured_cent = 0 AND ? <= amount_cent`,
        )
        .bind(amountCent, now, id, amountCent)
        .run();
      return result.meta.changes === 1;
    },

    /** Ends every open payment whose time is up and answers them as they were before. */
    async expireOpen(now: number, provider: string): Promise<PaymentRecord[]> {
      const due = (
        await db
          .prepare(`SELECT ${COLUMNS} FROM payment WHERE status IN ${OPEN} AND expires_at <= ? AND provider = ?`)
          .bind(now, provider)
          .all<PaymentRecord>()
      ).results;
      const expired: PaymentRecord[] = [];
      for (const payment of due) {
        const reason = payment.status === 'PROCESSING' ? 'timeout' : 'expired';
        if (await transition(payment.id, [payment.status], { status: 'EXPIRED', declineCode: reason }, now))
          expired.push(payment);
      }
      return expired;
    },

    async refundedCent(paymentId: string): Promise<number> {
      const row = await db
        .prepare('SELECT coalesce(sum(amount_cent), 0) AS total FROM refund WHERE payment_id = ?')
        .bind(paymentId)
        .first<{ total: number }>();
      return row?.total ?? 0;
    },

    /** Records a refund only while the refunds so far plus this one stay within `limitCent`. */
    async insertRefundWithin(refund: NewRefund, limitCent: number): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO refund (id, payment_id, amount_cent, provider_ref, created_at, reason)
         SELECT ?1, ?2, ?3, ?4, ?5, ?7
         WHERE (SELECT coalesce(sum(amount_cent), 0) FROM refund WHERE payment_id = ?2) + ?3 <= ?6`,
        )
        .bind(
          refund.id,
          refund.paymentId,
          refund.amountCent,
          refund.providerRef,
          refund.createdAt,
          limitCent,
          refund.reason ?? null,
        )
        .run();
      return result.meta.changes === 1;
    },

    /** Keeps a verified webhook event once; answers false when its id was seen before. */
    async recordEvent(event: PaymentEventRecord): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO payment_event (provider, event_id, type, payment_id, payload, received_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (provider, event_id) DO NOTHING`,
        )
        .bind(event.provider, event.eventId, event.type, event.paymentId, event.payload, event.receivedAt)
        .run();
      return result.meta.changes === 1;
    },

    /** Forgets an event whose handling failed, so the provider's redelivery is handled again. */
    async forgetEvent(provider: string, eventId: string): Promise<void> {
      await db.prepare('DELETE FROM payment_event WHERE provider = ? AND event_id = ?').bind(provider, eventId).run();
    },
  };
}

export type PaymentRepository = ReturnType<typeof paymentRepository>;
