import type { ExemptionStatus, OrderExemption } from '../../shared/tax-exemptions.ts';
import type {
  ApplicableCertificate,
  ExemptionCertificate,
  ExemptionDecision,
  ExemptionFile,
  NewExemption,
} from './exemption-records.ts';

/**
 * Exemption certificates' SQL (issue 39 item 3). Each limit is held by the statement that writes
 * against it: a member's certificates waiting for review (a guarded insert), and one decision per
 * certificate (the update moves it only from PENDING; the batch fails otherwise).
 */

interface CertificateRow extends Omit<ExemptionCertificate, 'claimedRegions' | 'regions'> {
  claimedRegions: string;
  regions: string;
}

const COLUMNS = `e.id, e.account_id AS accountId, a.email, e.market, e.kind, e.number,
  e.claimed_regions AS claimedRegions,
  (SELECT json_group_array(region) FROM (SELECT region FROM tax_exemption_region r
    WHERE r.certificate_id = e.id ORDER BY region)) AS regions,
  e.file_name AS fileName, e.content_type AS contentType, e.size, e.status, e.expires_on AS expiresOn, e.reason,
  s.email AS decidedBy, e.decided_at AS decidedAt, e.created_at AS createdAt, e.locale
  FROM tax_exemption e JOIN account a ON a.id = e.account_id LEFT JOIN staff s ON s.id = e.decided_by`;

const parsed = (row: CertificateRow): ExemptionCertificate => ({
  ...row,
  claimedRegions: JSON.parse(row.claimedRegions) as string[],
  regions: JSON.parse(row.regions) as string[],
});

export function exemptionRepository(db: D1Database) {
  return {
    /**
     * Writes a new certificate unless the member already has `cap` waiting for review, in one
     * statement (uploads sent at once cannot all slip under the cap): its id, or null when refused.
     */
    async insertWithin(row: NewExemption, cap: number): Promise<number | null> {
      const result = await db
        .prepare(
          `INSERT INTO tax_exemption (account_id, market, kind, number, claimed_regions, object_key, file_name,
             content_type, size, created_at, locale)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?12
           WHERE (SELECT count(*) FROM tax_exemption WHERE account_id = ?1 AND status = 'PENDING') < ?11`,
        )
        .bind(
          row.accountId,
          row.market,
          row.kind,
          row.number,
          JSON.stringify(row.claimedRegions),
          row.objectKey,
          row.fileName,
          row.contentType,
          row.size,
          row.createdAt,
          cap,
          row.locale,
        )
        .run();
      return result.meta.changes === 1 ? Number(result.meta.last_row_id) : null;
    },

    /** A member's certificates, newest first. */
    async ofAccount(accountId: number): Promise<ExemptionCertificate[]> {
      const { results } = await db
        .prepare(`SELECT ${COLUMNS} WHERE e.account_id = ? ORDER BY e.created_at DESC, e.id DESC LIMIT 50`)
        .bind(accountId)
        .all<CertificateRow>();
      return results.map(parsed);
    },

    async byId(id: number): Promise<ExemptionCertificate | null> {
      const row = await db.prepare(`SELECT ${COLUMNS} WHERE e.id = ?`).bind(id).first<CertificateRow>();
      return row ? parsed(row) : null;
    },

    /** A page of the review queue in one status (null: all), oldest sent first; and each status's count. */
    async queue(status: ExemptionStatus | null, limit: number, offset: number) {
      const [counts, rows] = await db.batch([
        db.prepare(`SELECT status, count(*) AS count FROM tax_exemption GROUP BY status`),
        db
          .prepare(
            `SELECT ${COLUMNS} WHERE (?1 IS NULL OR e.status = ?1) ORDER BY e.created_at, e.id LIMIT ?2 OFFSET ?3`,
          )
          .bind(status, limit, offset),
      ]);
      return {
        counts: counts!.results as { status: ExemptionStatus; count: number }[],
        rows: (rows!.results as CertificateRow[]).map(parsed),
      };
    },

    /** Where a certificate's file is kept. */
    file(id: number): Promise<ExemptionFile | null> {
      return db
        .prepare(
          `SELECT account_id AS accountId, object_key AS objectKey, content_type AS contentType, file_name AS fileName
           FROM tax_exemption WHERE id = ?`,
        )
        .bind(id)
        .first<ExemptionFile>();
    },

    /**
     * A decision on a pending certificate, for one batch: the update moves it only from PENDING, and
     * the guard (batch_guard's CHECK) fails the batch when another decision came first. An approval
     * writes the regions it covers.
     */
    decisionStatements(id: number, decision: ExemptionDecision, staffId: number, now: number): D1PreparedStatement[] {
      const approved = decision.status === 'APPROVED';
      return [
        db
          .prepare(
            `UPDATE tax_exemption SET status = ?1, expires_on = ?2, reason = ?3, decided_by = ?4, decided_at = ?5
             WHERE id = ?6 AND status = 'PENDING'`,
          )
          .bind(
            decision.status,
            approved ? decision.expiresOn : null,
            approved ? null : decision.reason,
            staffId,
            now,
            id,
          ),
        db.prepare(`INSERT INTO batch_guard (ok) SELECT changes() = 1`),
        db.prepare(`DELETE FROM batch_guard`),
        ...(approved
          ? [
              db
                .prepare(`INSERT INTO tax_exemption_region (certificate_id, region) SELECT ?, value FROM json_each(?)`)
                .bind(id, JSON.stringify(decision.regions)),
            ]
          : []),
      ];
    },

    /** The certificate an order was sold exempt under (its number and kind, where the order went), if any. */
    ofOrder(orderId: string): Promise<OrderExemption | null> {
      return db
        .prepare(
          `SELECT e.kind, e.number, t.market, t.region FROM tax_record t JOIN tax_exemption e ON e.id = t.certificate_id
           WHERE t.order_id = ?`,
        )
        .bind(orderId)
        .first<OrderExemption>();
    },

    /** The member's approved certificate covering the region on `day` (YYYY-MM-DD), the latest to expire. */
    applicable(accountId: number, region: string, day: string): Promise<ApplicableCertificate | null> {
      return db
        .prepare(
          `SELECT e.id, e.number, e.kind FROM tax_exemption e
           JOIN tax_exemption_region r ON r.certificate_id = e.id AND r.region = ?2
           WHERE e.account_id = ?1 AND e.status = 'APPROVED' AND e.expires_on >= ?3
           ORDER BY e.expires_on DESC, e.id DESC LIMIT 1`,
        )
        .bind(accountId, region, day)
        .first<ApplicableCertificate>();
    },
  };
}
