import type { ReversalPlan } from './reversal-plan.ts';

/** The SQL of tax given back (issue 39): reversals by line and jurisdiction, and sending them to the service. */

export interface ReversalRow {
  id: number;
  orderId: string;
  reference: string;
  full: number;
  status: 'RECORDED' | 'VOIDED';
  amountCent: number;
  taxCent: number;
  transactionRef: string | null;
  sentAt: number | null;
  attempts: number;
  createdAt: number;
}

/** What earlier reversals of an order (not voided) gave back, per line and per line's jurisdiction. */
export interface ReversedSoFar {
  lines: Map<number, { quantity: number; amountCent: number; taxCent: number }>;
  details: Map<string, { taxableCent: number; taxCent: number; exemptCent: number }>;
  count: number;
}

export const detailKey = (lineNo: number, seq: number) => `${lineNo}:${seq}`;
const ID_OF = `(SELECT id FROM tax_reversal WHERE reference = ?)`;

export function reversalRepository(db: D1Database) {
  return {
    async soFar(orderId: string): Promise<ReversedSoFar> {
      const [lines, details, count] = await db.batch([
        db
          .prepare(
            `SELECT l.line_no AS lineNo, sum(l.quantity) AS quantity, sum(l.amount_cent) AS amountCent,
               sum(l.tax_cent) AS taxCent FROM tax_reversal_line l JOIN tax_reversal r ON r.id = l.reversal_id
             WHERE r.order_id = ? AND r.status = 'RECORDED' GROUP BY l.line_no`,
          )
          .bind(orderId),
        db
          .prepare(
            `SELECT d.line_no AS lineNo, d.seq, sum(d.taxable_cent) AS taxableCent, sum(d.tax_cent) AS taxCent,
               sum(d.exempt_cent) AS exemptCent FROM tax_reversal_detail d JOIN tax_reversal r ON r.id = d.reversal_id
             WHERE r.order_id = ? AND r.status = 'RECORDED' GROUP BY d.line_no, d.seq`,
          )
          .bind(orderId),
        db.prepare(`SELECT count(*) AS n FROM tax_reversal WHERE order_id = ? AND status = 'RECORDED'`).bind(orderId),
      ]);
      type Line = { lineNo: number; quantity: number; amountCent: number; taxCent: number };
      type Detail = { lineNo: number; seq: number; taxableCent: number; taxCent: number; exemptCent: number };
      return {
        lines: new Map((lines!.results as Line[]).map(({ lineNo, ...line }) => [lineNo, line])),
        details: new Map(
          (details!.results as Detail[]).map(({ lineNo, seq, ...detail }) => [detailKey(lineNo, seq), detail]),
        ),
        count: (count!.results[0] as { n: number }).n,
      };
    },

    /** A reversal with its lines and jurisdictions (the reference is unique: a repeat fails the batch). */
    insertStatements(plan: ReversalPlan, now: number): D1PreparedStatement[] {
      const head = db
        .prepare(
          `INSERT INTO tax_reversal (order_id, reference, is_full, amount_cent, tax_cent, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .bind(plan.orderId, plan.reference, plan.full ? 1 : 0, plan.amountCent, plan.taxCent, now);
      const lines = plan.lines.map((line) =>
        db
          .prepare(
            `INSERT INTO tax_reversal_line (reversal_id, line_no, quantity, amount_cent, tax_cent)
             VALUES (${ID_OF}, ?, ?, ?, ?)`,
          )
          .bind(plan.reference, line.lineNo, line.quantity, line.amountCent, line.taxCent),
      );
      const details = plan.lines.flatMap((line) =>
        line.details.map((detail) =>
          db
            .prepare(
              `INSERT INTO tax_reversal_detail (reversal_id, line_no, seq, taxable_cent, tax_cent, exempt_cent)
               VALUES (${ID_OF}, ?, ?, ?, ?, ?)`,
            )
            .bind(plan.reference, line.lineNo, detail.seq, detail.taxableCent, detail.taxCent, detail.exemptCent),
        ),
      );
      return [head, ...lines, ...details, ...this.withinChargedStatements(plan.orderId)];
    },

    /**
     * Aborts the batch (batch_guard's CHECK) when the order's reversals would give back more of a
     * line's units, price or any jurisdiction's tax than was charged: two refunds racing cannot.
     */
    withinChargedStatements(orderId: string): D1PreparedStatement[] {
      return [
        db.prepare(`INSERT INTO batch_guard (ok) SELECT NOT EXISTS (${OVER_CHARGED})`).bind(orderId, orderId),
        db.prepare(`DELETE FROM batch_guard`),
      ];
    },

    /** A refund the payment provider refused gives no tax back. */
    voidStatement(reference: string): D1PreparedStatement {
      return db
        .prepare(`UPDATE tax_reversal SET status = 'VOIDED' WHERE reference = ? AND sent_at IS NULL`)
        .bind(reference);
    },

    byReference(reference: string): Promise<ReversalRow | null> {
      return db.prepare(`${SELECT} WHERE reference = ?`).bind(reference).first();
    },

    async ofOrder(orderId: string): Promise<ReversalRow[]> {
      return (await db.prepare(`${SELECT} WHERE order_id = ? ORDER BY id`).bind(orderId).all<ReversalRow>()).results;
    },

    byId(id: number): Promise<ReversalRow | null> {
      return db.prepare(`${SELECT} WHERE id = ?`).bind(id).first();
    },

    async linesOf(id: number) {
      const { results } = await db
        .prepare(
          `SELECT line_no AS lineNo, quantity, amount_cent AS amountCent, tax_cent AS taxCent
           FROM tax_reversal_line WHERE reversal_id = ? ORDER BY line_no`,
        )
        .bind(id)
        .all<{ lineNo: number; quantity: number; amountCent: number; taxCent: number }>();
      return results;
    },

    markSent(id: number, transactionRef: string | null, now: number) {
      return db
        .prepare(`UPDATE tax_reversal SET sent_at = ?, transaction_ref = ?, last_error = NULL WHERE id = ?`)
        .bind(now, transactionRef, id)
        .run();
    },

    /** Takes the reversal to send it, unless another worker holds it: true when taken. */
    async claim(id: number, now: number, forMs: number): Promise<boolean> {
      const taken = await db
        .prepare(
          `UPDATE tax_reversal SET lease_until = ? WHERE id = ? AND sent_at IS NULL AND status = 'RECORDED'
             AND coalesce(lease_until, 0) < ?`,
        )
        .bind(now + forMs, id, now)
        .run();
      return taken.meta.changes === 1;
    },

    markFailed(id: number, error: string) {
      return db
        .prepare(`UPDATE tax_reversal SET attempts = attempts + 1, last_error = ?, lease_until = NULL WHERE id = ?`)
        .bind(error.slice(0, 500), id)
        .run();
    },

    /** Recorded reversals not yet with the service, oldest first, placed before `before`. */
    async unsent(before: number, limit: number): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT id FROM tax_reversal WHERE sent_at IS NULL AND status = 'RECORDED' AND created_at < ?
           ORDER BY created_at LIMIT ?`,
        )
        .bind(before, limit)
        .all<{ id: number }>();
      return results.map((row) => row.id);
    },
  };
}

/** A line or jurisdiction of the order given back more than it was charged (binds the order twice). */
const OVER_CHARGED = `SELECT 1 FROM tax_line t JOIN (
    SELECT l.line_no, sum(l.quantity) AS units, sum(l.amount_cent) AS amount FROM tax_reversal_line l
    JOIN tax_reversal r ON r.id = l.reversal_id WHERE r.order_id = ?1 AND r.status = 'RECORDED' GROUP BY l.line_no
  ) g ON g.line_no = t.line_no
  WHERE t.order_id = ?1 AND (g.units > t.quantity OR g.amount > t.amount_cent)
  UNION ALL
  SELECT 1 FROM tax_detail t JOIN (
    SELECT d.line_no, d.seq, sum(d.tax_cent) AS tax FROM tax_reversal_detail d
    JOIN tax_reversal r ON r.id = d.reversal_id WHERE r.order_id = ?2 AND r.status = 'RECORDED'
    GROUP BY d.line_no, d.seq
  ) g ON g.line_no = t.line_no AND g.seq = t.seq
  WHERE t.order_id = ?2 AND g.tax > t.tax_cent
  LIMIT 1`;

const SELECT = `SELECT id, order_id AS orderId, reference, is_full AS full, status, amount_cent AS amountCent,
  tax_cent AS taxCent, transaction_ref AS transactionRef, sent_at AS sentAt, attempts, created_at AS createdAt
  FROM tax_reversal`;
