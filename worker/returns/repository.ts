import type { EvidenceKind } from '../../shared/returns.ts';
import { RETURN_HOLDING_STATUSES, type ReturnStatus } from '../../shared/return-status.ts';
import type { NewReturn, ReturnRecord } from './records.ts';

/** Returns' SQL (issue 20): evidence uploads, returns with their lines, evidence and history. */

export interface UploadRow {
  id: string;
  orderId: string;
  objectKey: string;
  name: string;
  contentType: string | null;
  kind: EvidenceKind | null;
  size: number;
  status: 'UPLOADING' | 'STORED';
  multipartId: string | null;
  createdAt: number;
  /** The return it is evidence of, or null while it is not attached. */
  returnId: number | null;
}

const UPLOAD_COLUMNS = `u.id, u.order_id AS orderId, u.object_key AS objectKey, u.name, u.content_type AS contentType,
  u.kind, u.size, u.status, u.multipart_id AS multipartId, u.created_at AS createdAt,
  (SELECT e.return_id FROM return_evidence e WHERE e.upload_id = u.id) AS returnId`;

const RETURN_COLUMNS = `id, rma, order_id AS orderId, reason, text, vehicle, status, created_at AS createdAt,
  instructions, label_number AS labelNumber, refund_key AS refundKey, refund_cent AS refundCent, fee_cent AS feeCent,
  restocked`;

const HOLDING = RETURN_HOLDING_STATUSES.map((status) => `'${status}'`).join(', ');

/** Units of one line held by returns that are not rejected. */
const HELD_UNITS = `SELECT coalesce(sum(rl.quantity), 0) FROM order_return_line rl
  JOIN order_return r ON r.id = rl.return_id
  WHERE rl.order_id = ?1 AND rl.line_no = ?2 AND r.status IN (${HOLDING})`;

export function returnRepository(db: D1Database) {
  /** Aborts the batch (batch_guard's CHECK) unless the condition, a SELECT of one 0/1 value, is 1. */
  const guard = (condition: string, ...params: unknown[]) => [
    db.prepare(`INSERT INTO batch_guard (ok) ${condition}`).bind(...params),
    db.prepare(`DELETE FROM batch_guard`),
  ];
  return {
    async addUpload(upload: Omit<UploadRow, 'returnId'>) {
      await db
        .prepare(
          `INSERT INTO return_upload (id, order_id, object_key, name, content_type, kind, size, status, multipart_id,
            created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          upload.id,
          upload.orderId,
          upload.objectKey,
          upload.name,
          upload.contentType,
          upload.kind,
          upload.size,
          upload.status,
          upload.multipartId,
          upload.createdAt,
        )
        .run();
    },

    async upload(uploadId: string): Promise<UploadRow | null> {
      return db.prepare(`SELECT ${UPLOAD_COLUMNS} FROM return_upload u WHERE u.id = ?`).bind(uploadId).first();
    },

    async uploads(orderId: string, uploadIds: readonly string[]): Promise<UploadRow[]> {
      const { results } = await db
        .prepare(
          `SELECT ${UPLOAD_COLUMNS} FROM return_upload u
          WHERE u.order_id = ? AND u.id IN (SELECT value FROM json_each(?))`,
        )
        .bind(orderId, JSON.stringify(uploadIds))
        .all<UploadRow>();
      return results;
    },

    /** Uploads for the order since a time: a shopper cannot fill the bucket. */
    async uploadsSince(orderId: string, since: number): Promise<number> {
      const row = await db
        .prepare(`SELECT count(*) AS count FROM return_upload WHERE order_id = ? AND created_at >= ?`)
        .bind(orderId, since)
        .first<{ count: number }>();
      return row?.count ?? 0;
    },

    /** A multipart upload's type, known from its first part. */
    async setUploadType(uploadId: string, contentType: string, kind: EvidenceKind) {
      await db
        .prepare(`UPDATE return_upload SET content_type = ?, kind = ? WHERE id = ? AND status = 'UPLOADING'`)
        .bind(contentType, kind, uploadId)
        .run();
    },

    async addPart(uploadId: string, part: { partNumber: number; etag: string; size: number }) {
      await db
        .prepare(
          `INSERT INTO return_upload_part (upload_id, part_number, etag, size) VALUES (?, ?, ?, ?)
          ON CONFLICT (upload_id, part_number) DO UPDATE SET etag = excluded.etag, size = excluded.size`,
        )
        .bind(uploadId, part.partNumber, part.etag, part.size)
        .run();
    },

    async parts(uploadId: string) {
      const { results } = await db
        .prepare(
          `SELECT part_number AS partNumber, etag, size FROM return_upload_part WHERE upload_id = ?
          ORDER BY part_number`,
        )
        .bind(uploadId)
        .all<{ partNumber: number; etag: string; size: number }>();
      return results;
    },

    /** A finished multipart upload: stored with its size, its parts forgotten. */
    async markStored(uploadId: string, size: number) {
      await db.batch([
        db
          .prepare(`UPDATE return_upload SET status = 'STORED', size = ?, multipart_id = NULL WHERE id = ?`)
          .bind(size, uploadId),
        db.prepare(`DELETE FROM return_upload_part WHERE upload_id = ?`).bind(uploadId),
      ]);
    },

    /** Uploads older than `before` that no return uses, oldest first. */
    async unattachedBefore(before: number, limit: number): Promise<UploadRow[]> {
      const { results } = await db
        .prepare(
          `SELECT ${UPLOAD_COLUMNS} FROM return_upload u
          WHERE u.created_at < ? AND NOT EXISTS (SELECT 1 FROM return_evidence e WHERE e.upload_id = u.id)
          ORDER BY u.created_at LIMIT ?`,
        )
        .bind(before, limit)
        .all<UploadRow>();
      return results;
    },

    /** Forgets an upload no return uses; answers whether it did (a return may have taken it meanwhile). */
    async forgetUnattached(uploadId: string): Promise<boolean> {
      const [, upload] = await db.batch([
        db
          .prepare(
            `DELETE FROM return_upload_part WHERE upload_id = ?1
            AND NOT EXISTS (SELECT 1 FROM return_evidence WHERE upload_id = ?1)`,
          )
          .bind(uploadId),
        db
          .prepare(
            `DELETE FROM return_upload WHERE id = ?1
            AND NOT EXISTS (SELECT 1 FROM return_evidence WHERE upload_id = ?1)`,
          )
          .bind(uploadId),
      ]);
      return upload!.meta.changes === 1;
    },

    /** Units of each of the order's lines held by returns that are not rejected. */
    async heldUnits(orderId: string): Promise<Map<number, number>> {
      const { results } = await db
        .prepare(
          `SELECT rl.line_no AS lineNo, sum(rl.quantity) AS held FROM order_return_line rl
          JOIN order_return r ON r.id = rl.return_id
          WHERE rl.order_id = ? AND r.status IN (${HOLDING}) GROUP BY rl.line_no`,
        )
        .bind(orderId)
        .all<{ lineNo: number; held: number }>();
      return new Map(results.map((row) => [row.lineNo, row.held]));
    },

    async returnByKey(orderId: string, key: string): Promise<ReturnRecord | null> {
      return db
        .prepare(`SELECT ${RETURN_COLUMNS} FROM order_return WHERE order_id = ? AND idempotency_key = ?`)
        .bind(orderId, key)
        .first();
    },

    /** The order's returns, oldest first. */
    async returnsOfOrder(orderId: string): Promise<ReturnRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${RETURN_COLUMNS} FROM order_return WHERE order_id = ? ORDER BY id`)
        .bind(orderId)
        .all<ReturnRecord>();
      return results;
    },

    /**
     * More evidence for a return the shop asked it for: the files join it and it goes back to
     * REQUESTED, in one batch whose guards refuse it unless the return was still waiting and every
     * file is this order's finished, unused upload.
     */
    moreEvidenceStatements(
      returnId: number,
      orderId: string,
      uploadIds: readonly string[],
      note: string,
      now: number,
    ): D1PreparedStatement[] {
      return [
        db
          .prepare(
            `UPDATE order_return SET status = 'REQUESTED', updated_at = ? WHERE id = ? AND status = 'NEEDS_EVIDENCE'`,
          )
          .bind(now, returnId),
        ...guard(`SELECT changes() = 1`),
        ...uploadIds.map((uploadId) =>
          db
            .prepare(
              `INSERT INTO return_evidence (return_id, upload_id)
              SELECT ?1, id FROM return_upload WHERE id = ?2 AND order_id = ?3 AND status = 'STORED'`,
            )
            .bind(returnId, uploadId, orderId),
        ),
        ...guard(
          `SELECT count(*) = ?2 FROM return_evidence
          WHERE return_id = ?1 AND upload_id IN (SELECT value FROM json_each(?3))`,
          returnId,
          uploadIds.length,
          JSON.stringify(uploadIds),
        ),
        db
          .prepare(`INSERT INTO return_event (return_id, status, note, created_at) VALUES (?, 'REQUESTED', ?, ?)`)
          .bind(returnId, note, now),
      ];
    },

    async returnByRma(rma: string): Promise<ReturnRecord | null> {
      return db.prepare(`SELECT ${RETURN_COLUMNS} FROM order_return WHERE rma = ?`).bind(rma).first();
    },

    /**
     * A return with its lines, evidence and first history line, for one batch: the guards abort it
     * when a line would hold more units than `shipped` says it sent, or an upload is not this
     * order's finished file (the evidence's unique upload refuses one another return took).
     */
    createStatements(
      row: NewReturn,
      lines: { lineNo: number; quantity: number; shipped: number }[],
      uploadIds: readonly string[],
    ): D1PreparedStatement[] {
      const { orderId, key } = row;
      const thisReturn = `SELECT id FROM order_return WHERE order_id = ?1 AND idempotency_key = ?2`;
      return [
        db
          .prepare(
            `INSERT INTO order_return (rma, order_id, idempotency_key, reason, text, vehicle, status, created_at,
              updated_at) VALUES (?, ?, ?, ?, ?, ?, 'REQUESTED', ?, ?)`,
          )
          .bind(row.rma, orderId, key, row.reason, row.text, row.vehicle, row.now, row.now),
        ...lines.flatMap((line) => [
          db
            .prepare(
              `INSERT INTO order_return_line (return_id, order_id, line_no, quantity)
              SELECT id, order_id, ?3, ?4 FROM order_return WHERE order_id = ?1 AND idempotency_key = ?2`,
            )
            .bind(orderId, key, line.lineNo, line.quantity),
          ...guard(`SELECT (${HELD_UNITS}) <= ?3`, orderId, line.lineNo, line.shipped),
        ]),
        ...uploadIds.map((uploadId) =>
          db
            .prepare(
              `INSERT INTO return_evidence (return_id, upload_id)
              SELECT (${thisReturn}), id FROM return_upload WHERE id = ?3 AND order_id = ?1 AND status = 'STORED'`,
            )
            .bind(orderId, key, uploadId),
        ),
        ...guard(
          `SELECT count(*) = ?3 FROM return_evidence WHERE return_id = (${thisReturn})`,
          orderId,
          key,
          uploadIds.length,
        ),
        db
          .prepare(
            `INSERT INTO return_event (return_id, status, note, created_at)
            SELECT id, 'REQUESTED', NULL, ?3 FROM order_return WHERE order_id = ?1 AND idempotency_key = ?2`,
          )
          .bind(orderId, key, row.now),
      ];
    },

    /** A return's lines, history (oldest first) and evidence, in one round trip. */
    async details(returnId: number) {
      const [lines, history, evidence] = await db.batch([
        db
          .prepare(`SELECT line_no AS lineNo, quantity FROM order_return_line WHERE return_id = ? ORDER BY line_no`)
          .bind(returnId),
        db
          .prepare(`SELECT status, note, created_at AS createdAt FROM return_event WHERE return_id = ? ORDER BY id`)
          .bind(returnId),
        db
          .prepare(
            `SELECT ${UPLOAD_COLUMNS} FROM return_upload u JOIN return_evidence e ON e.upload_id = u.id
            WHERE e.return_id = ? ORDER BY u.created_at, u.id`,
          )
          .bind(returnId),
      ]);
      return {
        lines: lines!.results as { lineNo: number; quantity: number }[],
        history: history!.results as { status: ReturnStatus; note: string | null; createdAt: number }[],
        evidence: evidence!.results as UploadRow[],
      };
    },

    async run(statements: D1PreparedStatement[]) {
      return db.batch(statements);
    },
  };
}
