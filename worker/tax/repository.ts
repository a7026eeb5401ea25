import type { MarketId } from '../../shared/markets.ts';
import { SHIPPING_REF, type LineTax, type TaxProviderId, type TaxRequest } from './model.ts';
import type { TaxDraft } from './quote.ts';

/** The tax ledger's SQL (issue 39): each order's tax by line and jurisdiction, its commit and its reversals. */

export interface TaxRecordRow {
  orderId: string;
  market: MarketId;
  region: string;
  currency: 'USD' | 'CAD';
  provider: TaxProviderId;
  configured: TaxProviderId;
  estimated: number;
  collecting: number;
  calculationRef: string | null;
  request: string;
  certificateId: number | null;
  exemptCent: number;
  taxCent: number;
  status: 'PENDING' | 'COMMITTED' | 'VOIDED';
  soldAt: number | null;
  transactionRef: string | null;
  committedTaxCent: number | null;
  committedAt: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: number;
}

export interface TaxLineRow {
  lineNo: number;
  ref: string;
  amountCent: number;
  quantity: number;
  taxCent: number;
  providerLineRef: string | null;
}

export interface TaxDetailRow {
  lineNo: number;
  seq: number;
  code: string;
  name: string;
  level: string;
  region: string;
  taxName: string;
  rate: number;
  taxableCent: number;
  taxCent: number;
  /** What an exemption certificate made exempt in this jurisdiction (the filing report's exempt sales). */
  exemptCent: number;
}

const RECORD_COLUMNS = `order_id AS orderId, market, region, currency, provider, configured, estimated, collecting,
  calculation_ref AS calculationRef, request, certificate_id AS certificateId, exempt_cent AS exemptCent,
  tax_cent AS taxCent, status, sold_at AS soldAt, transaction_ref AS transactionRef,
  committed_tax_cent AS committedTaxCent, committed_at AS committedAt, attempts, last_error AS lastError,
  created_at AS createdAt`;

/** An order line's number from its reference with the service ('L3' is 3; the shipping is 0). */
export const lineNoOf = (ref: string) => (ref === SHIPPING_REF ? 0 : Number(ref.slice(1)));

export function taxRepository(db: D1Database) {
  return {
    /** The order's tax as it was charged: the record, each line, each line's jurisdictions. */
    recordStatements(orderId: string, draft: TaxDraft, now: number): D1PreparedStatement[] {
      const { calculation, request } = draft;
      const lines: LineTax[] = [...calculation.lines, calculation.shipping].filter(
        (line) => line.ref !== SHIPPING_REF || line.amountCent > 0 || line.taxCent > 0,
      );
      const tax = lines.reduce((sum, line) => sum + line.taxCent, 0);
      const record = db
        .prepare(
          `INSERT INTO tax_record (order_id, market, region, currency, provider, configured, estimated, collecting,
             calculation_ref, request, certificate_id, exempt_cent, tax_cent, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          orderId,
          request.market,
          request.address.region,
          request.currency,
          draft.provider,
          draft.configured,
          draft.estimated ? 1 : 0,
          draft.collecting ? 1 : 0,
          calculation.reference,
          JSON.stringify(request),
          draft.certificateId,
          calculation.exemptCent,
          tax,
          now,
        );
      const lineRows = lines.map((line) =>
        db
          .prepare(
            `INSERT INTO tax_line (order_id, line_no, ref, amount_cent, quantity, tax_cent) VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .bind(orderId, lineNoOf(line.ref), line.ref, line.amountCent, Math.max(1, line.quantity), line.taxCent),
      );
      const details = lines.flatMap((line) =>
        line.details.map((detail, seq) =>
          db
            .prepare(
              `INSERT INTO tax_detail (order_id, line_no, seq, code, name, level, region, tax_name, rate, taxable_cent,
                 tax_cent, exempt_cent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              orderId,
              lineNoOf(line.ref),
              seq,
              detail.code,
              detail.name,
              detail.level,
              detail.region,
              detail.taxName,
              detail.rate,
              detail.taxableCent,
              detail.taxCent,
              detail.exemptCent ?? 0,
            ),
        ),
      );
      return [record, ...lineRows, ...details];
    },

    /**
     * An uncommitted order's ledger figured again (its address changed): the old rows go, the new
     * ones come, in the batch that changes the address. Fails the batch unless the sale is still
     * pending (the record's insert meets the one left in place).
     */
    replaceStatements(orderId: string, draft: TaxDraft, now: number): D1PreparedStatement[] {
      const pending = `(SELECT 1 FROM tax_record WHERE order_id = ?1 AND status = 'PENDING')`;
      return [
        db.prepare(`DELETE FROM tax_detail WHERE order_id = ?1 AND EXISTS ${pending}`).bind(orderId),
        db.prepare(`DELETE FROM tax_line WHERE order_id = ?1 AND EXISTS ${pending}`).bind(orderId),
        db.prepare(`DELETE FROM tax_record WHERE order_id = ?1 AND status = 'PENDING'`).bind(orderId),
        ...this.recordStatements(orderId, draft, now),
      ];
    },

    /** An order cancelled unpaid sold nothing: its tax is never committed. */
    voidStatement(orderId: string): D1PreparedStatement {
      return db
        .prepare(`UPDATE tax_record SET status = 'VOIDED' WHERE order_id = ? AND status = 'PENDING'`)
        .bind(orderId);
    },

    /** The month the sale is filed in: when it was paid (set once). */
    markSold(orderId: string, soldAt: number) {
      return db
        .prepare(`UPDATE tax_record SET sold_at = coalesce(sold_at, ?) WHERE order_id = ?`)
        .bind(soldAt, orderId)
        .run();
    },

    /** The sale is recorded with the service: its transaction, the tax it holds the shop liable for, its lines' ids. */
    async markCommitted(
      orderId: string,
      sale: { transactionRef: string | null; taxCent: number; lineRefs: Record<string, string> },
      now: number,
    ): Promise<void> {
      await db.batch(this.committedStatements(orderId, sale, now));
    },

    committedStatements(
      orderId: string,
      sale: { transactionRef: string | null; taxCent: number; lineRefs: Record<string, string> },
      now: number,
    ): D1PreparedStatement[] {
      return [
        db
          .prepare(
            `UPDATE tax_record SET status = 'COMMITTED', transaction_ref = ?, committed_tax_cent = ?, committed_at = ?,
               last_error = NULL WHERE order_id = ? AND status = 'PENDING'`,
          )
          .bind(sale.transactionRef, sale.taxCent, now, orderId),
        ...Object.entries(sale.lineRefs).map(([ref, id]) =>
          db.prepare(`UPDATE tax_line SET provider_line_ref = ? WHERE order_id = ? AND ref = ?`).bind(id, orderId, ref),
        ),
      ];
    },

    /** Takes the pending sale to commit it, unless another worker holds it: true when taken. */
    async claim(orderId: string, now: number, forMs: number): Promise<boolean> {
      const taken = await db
        .prepare(
          `UPDATE tax_record SET lease_until = ? WHERE order_id = ? AND status = 'PENDING'
             AND coalesce(lease_until, 0) < ?`,
        )
        .bind(now + forMs, orderId, now)
        .run();
      return taken.meta.changes === 1;
    },

    /** The cron passes an unpaid order's sale over until `at`. */
    lookAgainAt(orderId: string, at: number) {
      return db.prepare(`UPDATE tax_record SET look_again_at = ? WHERE order_id = ?`).bind(at, orderId).run();
    },

    markCommitFailed(orderId: string, error: string) {
      return db
        .prepare(
          `UPDATE tax_record SET attempts = attempts + 1, last_error = ?, lease_until = NULL
           WHERE order_id = ? AND status = 'PENDING'`,
        )
        .bind(error.slice(0, 500), orderId)
        .run();
    },

    /** Sales still to commit, oldest first, placed before `before`, that nobody holds or put off at `now`. */
    async pending(before: number, now: number, limit: number): Promise<string[]> {
      const { results } = await db
        .prepare(
          `SELECT order_id AS orderId FROM tax_record WHERE status = 'PENDING' AND created_at < ?1
             AND coalesce(lease_until, 0) < ?2 AND coalesce(look_again_at, 0) < ?2 ORDER BY created_at LIMIT ?3`,
        )
        .bind(before, now, limit)
        .all<{ orderId: string }>();
      return results.map((row) => row.orderId);
    },

    record(orderId: string): Promise<TaxRecordRow | null> {
      return db.prepare(`SELECT ${RECORD_COLUMNS} FROM tax_record WHERE order_id = ?`).bind(orderId).first();
    },

    async lines(orderId: string): Promise<TaxLineRow[]> {
      const rows = await db
        .prepare(
          `SELECT line_no AS lineNo, ref, amount_cent AS amountCent, quantity, tax_cent AS taxCent,
             provider_line_ref AS providerLineRef FROM tax_line WHERE order_id = ? ORDER BY line_no`,
        )
        .bind(orderId)
        .all<TaxLineRow>();
      return rows.results;
    },

    async details(orderId: string): Promise<TaxDetailRow[]> {
      const rows = await db
        .prepare(
          `SELECT line_no AS lineNo, seq, code, name, level, region, tax_name AS taxName, rate,
             taxable_cent AS taxableCent, tax_cent AS taxCent, exempt_cent AS exemptCent
           FROM tax_detail WHERE order_id = ? ORDER BY line_no, seq`,
        )
        .bind(orderId)
        .all<TaxDetailRow>();
      return rows.results;
    },
  };
}

/** The request a record was figured from. */
export const requestOf = (record: TaxRecordRow) => JSON.parse(record.request) as TaxRequest;
