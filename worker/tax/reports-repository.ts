import type { MarketId } from '../../shared/markets.ts';

/**
 * The SQL of the tax reports (issue 39), read from the tax ledger alone: a sale counts from the
 * moment it was paid (tax_record.sold_at; an order cancelled unpaid never has one), a refund or a
 * cancellation from the moment its reversal was recorded (one the payment provider refused is
 * VOIDED and does not count). Months are UTC calendar months.
 */

/** A region's sales over a window: what the orders paid there came to (net of what went back), and how many. */
export interface RegionSalesRow {
  region: string;
  salesCent: number;
  orders: number;
}

/** One jurisdiction's sales and tax in one month: on sales, or given back by refunds. */
export interface JurisdictionMonthRow {
  month: string;
  code: string;
  name: string;
  level: string;
  region: string;
  taxName: string;
  taxableCent: number;
  /** What exemption certificates made exempt there. */
  exemptCent: number;
  taxCent: number;
}

const MONTH_OF = (column: string) => `strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;

const JURISDICTION_GROUP = `GROUP BY month, d.code, d.level, d.region, d.tax_name ORDER BY month, d.region, d.code`;

export function taxReportsRepository(db: D1Database) {
  return {
    /**
     * Per ship-to region, the orders paid in [from, to): their parts and shipping before tax less what
     * refunds and cancellations gave back, and how many of them still count (something kept).
     */
    async salesByRegion(market: MarketId, from: number, to: number): Promise<RegionSalesRow[]> {
      const { results } = await db
        .prepare(
          `WITH sold AS (
             SELECT r.region,
               (SELECT coalesce(sum(l.amount_cent), 0) FROM tax_line l WHERE l.order_id = r.order_id)
               - (SELECT coalesce(sum(v.amount_cent), 0) FROM tax_reversal v
                   WHERE v.order_id = r.order_id AND v.status = 'RECORDED') AS net
             FROM tax_record r
             WHERE r.market = ?1 AND r.sold_at >= ?2 AND r.sold_at < ?3 AND r.status <> 'VOIDED'
           )
           SELECT region, sum(max(net, 0)) AS salesCent, sum(net > 0) AS orders FROM sold GROUP BY region`,
        )
        .bind(market, from, to)
        .all<RegionSalesRow>();
      return results;
    },

    /** Per month and jurisdiction, the sales paid in [from, to): taxable, exempt, and the tax charged on them. */
    async taxBySoldMonth(market: MarketId, from: number, to: number): Promise<JurisdictionMonthRow[]> {
      const { results } = await db
        .prepare(
          `SELECT ${MONTH_OF('r.sold_at')} AS month, d.code, max(d.name) AS name, d.level, d.region,
             d.tax_name AS taxName, sum(d.taxable_cent) AS taxableCent, sum(d.exempt_cent) AS exemptCent,
             sum(d.tax_cent) AS taxCent
           FROM tax_record r JOIN tax_detail d ON d.order_id = r.order_id
           WHERE r.market = ?1 AND r.sold_at >= ?2 AND r.sold_at < ?3 AND r.status <> 'VOIDED'
           ${JURISDICTION_GROUP}`,
        )
        .bind(market, from, to)
        .all<JurisdictionMonthRow>();
      return results;
    },

    /** Per month and jurisdiction, what refunds and cancellations in [from, to) gave back: sales and tax. */
    async reversedByMonth(market: MarketId, from: number, to: number): Promise<JurisdictionMonthRow[]> {
      const { results } = await db
        .prepare(
          `SELECT ${MONTH_OF('v.created_at')} AS month, d.code, max(d.name) AS name, d.level, d.region,
             d.tax_name AS taxName, sum(x.taxable_cent) AS taxableCent, sum(x.exempt_cent) AS exemptCent,
             sum(x.tax_cent) AS taxCent
           FROM tax_reversal v
             JOIN tax_record r ON r.order_id = v.order_id
             JOIN tax_reversal_detail x ON x.reversal_id = v.id
             JOIN tax_detail d ON d.order_id = v.order_id AND d.line_no = x.line_no AND d.seq = x.seq
           WHERE v.created_at >= ?2 AND v.created_at < ?3 AND v.status = 'RECORDED' AND r.market = ?1
             AND r.sold_at IS NOT NULL
           ${JURISDICTION_GROUP}`,
        )
        .bind(market, from, to)
        .all<JurisdictionMonthRow>();
      return results;
    },
  };
}
