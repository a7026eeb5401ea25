import { RETURNABLE_ORDER_STATUSES } from '../../shared/order-status.ts';
import type { UploadAnswer } from '../../shared/api/returns.ts';
import { maxBytesOf, RETURN_LIMITS, RETURN_MSG, type EvidenceType } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { accessibleOrder, type OrderAccess } from '../orders/service.ts';
import { uploadRepository, type UploadRow } from './upload-repository.ts';
import { declaredLength, pipeTo, sniffBody, withinKindLimit } from './stream.ts';
import { randomHex } from '../platform/signing.ts';

/**
 * Evidence uploads (issue 20): a file for an order the caller may act on, its type sniffed from
 * its bytes, its size held to its kind's limit while it streams, kept privately in R2 under a key
 * nobody outside the Worker sees. Its row is written before its bytes, so the cron can always
 * find and delete what a failed or abandoned upload left, and the row's insert holds the order's
 * uploads per day (issue 35 finding 3).
 */

const HOUR = 3_600_000;

type Env = Pick<Bindings, 'DB' | 'MEDIA' | 'RATE_LIMITER'>;

/** 128 random bits as hex: upload ids and object keys are not guessable. */
export const randomId = () => randomHex(16);

/**
 * The order the caller may add evidence to: theirs (else 404), shipped; and not past the day's upload
 * limit (a quick refusal before any byte is read; the limit itself is held by the insert, addUpload).
 */
export async function orderForEvidence(env: Env, access: OrderAccess, now: number) {
  const order = await accessibleOrder(env, access, now);
  if (!RETURNABLE_ORDER_STATUSES.includes(order.status)) throw ApiError.badRequest(RETURN_MSG.notReturnable);
  const recent = await uploadRepository(env.DB).uploadsSince(order.id, uploadDay(now));
  if (recent >= RETURN_LIMITS.uploadsPerOrderPerDay) throw uploadLimit();
  return order;
}

const uploadDay = (now: number) => now - RETURN_LIMITS.unattachedHours * HOUR;
const uploadLimit = () => new ApiError(429, 429, RETURN_MSG.uploadLimit);

/**
 * Writes a new upload's row unless the order has had its day's uploads: the count and the insert are
 * one statement, so a hundred uploads at once store no more than the limit. Refused: 429.
 */
export async function addUpload(db: D1Database, upload: Omit<UploadRow, 'returnId'>, now: number): Promise<void> {
  const limit = { since: uploadDay(now), cap: RETURN_LIMITS.uploadsPerOrderPerDay };
  if (!(await uploadRepository(db).addUploadWithin(upload, limit))) throw uploadLimit();
}

/** A new upload's row, before any of its bytes are stored. */
export function newUpload(
  orderId: string,
  name: string,
  now: number,
  type: { contentType: EvidenceType; kind: UploadRow['kind'] } | null,
  multipartId: string | null = null,
): Omit<UploadRow, 'returnId'> {
  return {
    id: randomId(),
    orderId,
    objectKey: `returns/${orderId}/${randomId()}`,
    name,
    contentType: type?.contentType ?? null,
    kind: type?.kind ?? null,
    size: 0,
    status: 'UPLOADING',
    multipartId,
    createdAt: now,
  };
}

/** What the shopper is told of a stored upload. */
export const uploadAnswerOf = (upload: UploadRow | Omit<UploadRow, 'returnId'>): UploadAnswer => ({
  uploadId: upload.id,
  name: upload.name,
  kind: upload.kind ?? 'image',
  contentType: upload.contentType ?? '',
  size: upload.size,
});

/** Stores one evidence file sent whole in the request body; answers its upload id. */
export async function storeEvidence(
  env: Env,
  access: OrderAccess,
  file: { name: string; body: ReadableStream<Uint8Array> | null; length: string | undefined },
  now: number,
): Promise<UploadAnswer> {
  const length = declaredLength(file.length, RETURN_LIMITS.videoMaxBytes, RETURN_MSG.videoTooLarge);
  const order = await orderForEvidence(env, access, now);
  const body = await sniffBody(file.body, length);
  await withinKindLimit(body, length, maxBytesOf(body.kind));
  const upload = newUpload(order.id, file.name, now, body);
  const uploads = uploadRepository(env.DB);
  await addUpload(env.DB, upload, now).catch(async (error) => {
    await body.cancel();
    throw error;
  });
  try {
    await pipeTo(body, (stream) =>
      env.MEDIA.put(upload.objectKey, stream, {
        httpMetadata: { contentType: body.contentType },
        customMetadata: { orderId: order.id, uploadId: upload.id },
      }),
    );
  } catch {
    await env.MEDIA.delete(upload.objectKey);
    await uploads.forgetUnattached(upload.id);
    throw ApiError.badRequest(RETURN_MSG.incomplete);
  }
  await uploads.markStored(upload.id, length);
  return uploadAnswerOf({ ...upload, size: length, status: 'STORED' });
}
