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
                 tax_cent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
            ),
        ),
      );
      return [record, ...lineRows, ...details];
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
             taxable_cent AS taxableCent, tax_cent AS taxCent FROM tax_detail WHERE order_id = ? ORDER BY line_no, seq`,
        )
        .bind(orderId)
        .all<TaxDetailRow>();
      return rows.results;
    },
  };
}

/** The request a record was figured from. */
export const requestOf = (record: TaxRecordRow) => JSON.parse(record.request) as TaxRequest;
