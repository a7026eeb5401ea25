import type { EvidenceKind } from '../../shared/returns.ts';

/**
 * Evidence uploads' SQL (issue 20, issue 35 finding 3): the upload rows and the parts of resumable
 * ones. Each limit is held by the statement that writes against it (a guarded insert), never by a
 * count read before: an order's uploads per day, and the bytes of a resumable upload's parts.
 */

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

/** A stored or reserved part of a resumable upload; its etag is empty while its bytes are on their way to R2. */
export interface PartRow {
  partNumber: number;
  etag: string;
  size: number;
}

export const UPLOAD_COLUMNS = `u.id, u.order_id AS orderId, u.object_key AS objectKey, u.name,
  u.content_type AS contentType, u.kind, u.size, u.status, u.multipart_id AS multipartId, u.created_at AS createdAt,
  (SELECT e.return_id FROM return_evidence e WHERE e.upload_id = u.id) AS returnId`;

export function uploadRepository(db: D1Database) {
  return {
    /**
     * Writes a new upload's row unless the order already has `cap` uploads since `since`, in the one
     * statement (parallel uploads cannot all slip under the cap); answers whether it was written.
     */
    async addUploadWithin(upload: Omit<UploadRow, 'returnId'>, limit: { since: number; cap: number }) {
      const result = await db
        .prepare(
          `INSERT INTO return_upload (id, order_id, object_key, name, content_type, kind, size, status, multipart_id,
            created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
          WHERE (SELECT count(*) FROM return_upload WHERE order_id = ?2 AND created_at >= ?11) < ?12`,
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
          limit.since,
          limit.cap,
        )
        .run();
      return result.meta.changes === 1;
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

    /** Uploads for the order since a time (the cap itself is held by addUploadWithin). */
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

    /**
     * Reserves a part's bytes before they are sent to R2 (a part sent again replaces itself), unless the
     * upload's other parts and this one would come to more than `max` bytes: one statement, so parts sent
     * in parallel cannot all slip under the limit. Answers whether it was reserved.
     */
    async reservePart(uploadId: string, part: { partNumber: number; size: number }, max: number) {
      const result = await db
        .prepare(
          `INSERT INTO return_upload_part (upload_id, part_number, etag, size) SELECT ?1, ?2, '', ?3
          WHERE (SELECT coalesce(sum(size), 0) FROM return_upload_part WHERE upload_id = ?1 AND part_number <> ?2)
            + ?3 <= ?4
          ON CONFLICT (upload_id, part_number) DO UPDATE SET etag = '', size = excluded.size`,
        )
        .bind(uploadId, part.partNumber, part.size, max)
        .run();
      return result.meta.changes === 1;
    },

    /** A reserved part R2 took: its etag, for completing the upload. */
    async settlePart(uploadId: string, part: { partNumber: number; etag: string; size: number }) {
      await db
        .prepare(`UPDATE return_upload_part SET etag = ? WHERE upload_id = ? AND part_number = ? AND size = ?`)
        .bind(part.etag, uploadId, part.partNumber, part.size)
        .run();
    },

    /** Frees a reservation whose bytes never reached R2. */
    async releasePart(uploadId: string, partNumber: number) {
      await db
        .prepare(`DELETE FROM return_upload_part WHERE upload_id = ? AND part_number = ? AND etag = ''`)
        .bind(uploadId, partNumber)
        .run();
    },

    async parts(uploadId: string): Promise<PartRow[]> {
      const { results } = await db
        .prepare(
          `SELECT part_number AS partNumber, etag, size FROM return_upload_part WHERE upload_id = ?
          ORDER BY part_number`,
        )
        .bind(uploadId)
        .all<PartRow>();
      return results;
    },

    /**
     * Takes an open resumable upload for completing it, once: of two completions at once, one answers
     * true and puts the parts together; the upload takes no more parts meanwhile.
     */
    async claimForCompletion(uploadId: string, multipartId: string): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE return_upload SET multipart_id = NULL
          WHERE id = ? AND multipart_id = ? AND status = 'UPLOADING'`,
        )
        .bind(uploadId, multipartId)
        .run();
      return result.meta.changes === 1;
    },

    /** A finished upload: stored with its size, its parts forgotten. */
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
  };
}
