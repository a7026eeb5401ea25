import type { MultipartAnswer, UploadAnswer } from '../../shared/api/returns.ts';
import { maxBytesOf, RETURN_LIMITS, RETURN_MSG } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { accessibleOrder, type OrderAccess } from '../orders/service.ts';
import { returnRepository, type UploadRow } from './repository.ts';
import { declaredLength, pipeTo, sniffBody, withinKindLimit } from './stream.ts';
import { newUpload, orderForEvidence, uploadAnswerOf } from './uploads.ts';

/**
 * Resumable uploads (issue 20) through R2 multipart, for videos on a weak connection: opened,
 * sent part by part (a part sent again replaces itself; the parts so far can be asked for, so
 * an interrupted upload carries on where it stopped), then completed or aborted. The first part
 * tells the file's type, and the parts together are held to that type's limit.
 */

type Env = Pick<Bindings, 'DB' | 'MEDIA' | 'RATE_LIMITER'>;

/** Opens a resumable upload for an order the caller may act on. */
export async function openMultipart(env: Env, access: OrderAccess, name: string, now: number) {
  const order = await orderForEvidence(env, access, now);
  const upload = newUpload(order.id, name, now, null);
  const multipart = await env.MEDIA.createMultipartUpload(upload.objectKey);
  await returnRepository(env.DB).addUpload({ ...upload, multipartId: multipart.uploadId });
  return { uploadId: upload.id, parts: [] } satisfies MultipartAnswer;
}

/** The open upload, on an order the caller may act on (anything else is the same 404). */
async function openUpload(env: Env, access: OrderAccess, uploadId: string, now: number) {
  const order = await accessibleOrder(env, access, now);
  const upload = await returnRepository(env.DB).upload(uploadId);
  if (!upload || upload.orderId !== order.id || upload.status !== 'UPLOADING' || !upload.multipartId)
    throw ApiError.notFound(RETURN_MSG.unknownUpload);
  return { upload, multipart: env.MEDIA.resumeMultipartUpload(upload.objectKey, upload.multipartId) };
}

/** The parts received so far. */
export async function multipartState(env: Env, access: OrderAccess, uploadId: string, now: number) {
  const { upload } = await openUpload(env, access, uploadId, now);
  const parts = await returnRepository(env.DB).parts(upload.id);
  return { uploadId, parts: parts.map(({ partNumber, size }) => ({ partNumber, size })) } satisfies MultipartAnswer;
}

/** Stores one part; the first must come first, as its bytes tell the file's type. */
export async function storePart(
  env: Env,
  access: OrderAccess,
  target: { uploadId: string; partNumber: number },
  part: { body: ReadableStream<Uint8Array> | null; length: string | undefined },
  now: number,
): Promise<MultipartAnswer> {
  const { partNumber } = target;
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > RETURN_LIMITS.maxParts)
    throw ApiError.badRequest(`partNumber must be 1 to ${RETURN_LIMITS.maxParts}`);
  const length = declaredLength(part.length, RETURN_LIMITS.videoMaxBytes, RETURN_MSG.videoTooLarge);
  const { upload, multipart } = await openUpload(env, access, target.uploadId, now);
  const returns = returnRepository(env.DB);
  const others = (await returns.parts(upload.id)).filter((stored) => stored.partNumber !== partNumber);
  const sofar = others.reduce((sum, stored) => sum + stored.size, 0);
  const stored = await pipePart(upload, multipart, partNumber, part.body, length, sofar);
  if (partNumber === 1 && !upload.kind) await returns.setUploadType(upload.id, stored.contentType, stored.kind);
  await returns.addPart(upload.id, { partNumber, etag: stored.etag, size: length });
  return multipartState(env, access, upload.id, now);
}

/** Sends a part's bytes to R2: the first is sniffed for the type, every one held to the type's limit. */
async function pipePart(
  upload: UploadRow,
  multipart: R2MultipartUpload,
  partNumber: number,
  body: ReadableStream<Uint8Array> | null,
  length: number,
  sofar: number,
) {
  if (partNumber === 1) {
    const sniffed = await sniffBody(body, length);
    if (upload.kind && sniffed.kind !== upload.kind) {
      await sniffed.cancel();
      throw new ApiError(415, 415, RETURN_MSG.fileType);
    }
    await withinKindLimit(sniffed, sofar + length, maxBytesOf(sniffed.kind));
    const uploaded = await pipeTo(sniffed, (stream) => multipart.uploadPart(1, stream)).catch(incomplete);
    return { etag: uploaded.etag, contentType: sniffed.contentType, kind: sniffed.kind };
  }
  if (!upload.kind || !upload.contentType) throw new ApiError(409, 409, RETURN_MSG.partOrder);
  if (sofar + length > maxBytesOf(upload.kind))
    throw new ApiError(413, 413, upload.kind === 'image' ? RETURN_MSG.imageTooLarge : RETURN_MSG.videoTooLarge);
  if (!body) throw ApiError.badRequest(RETURN_MSG.emptyFile);
  const { readable, writable } = new FixedLengthStream(length);
  const [uploaded] = await Promise.all([multipart.uploadPart(partNumber, readable), body.pipeTo(writable)]).catch(
    incomplete,
  );
  return { etag: uploaded.etag, contentType: upload.contentType, kind: upload.kind };
}

const incomplete = (): never => {
  throw ApiError.badRequest(RETURN_MSG.incomplete);
};

/** Completes the upload from its parts (1 to n, all but the last at least 5 MB); answers the stored file. */
export async function completeMultipart(
  env: Env,
  access: OrderAccess,
  uploadId: string,
  now: number,
): Promise<UploadAnswer> {
  const { upload, multipart } = await openUpload(env, access, uploadId, now);
  const returns = returnRepository(env.DB);
  const parts = await returns.parts(upload.id);
  if (parts.length === 0 || !upload.kind) throw ApiError.badRequest(RETURN_MSG.noParts);
  if (parts.some((part, i) => part.partNumber !== i + 1)) throw ApiError.badRequest(RETURN_MSG.missingParts);
  if (parts.slice(0, -1).some((part) => part.size < RETURN_LIMITS.partMinBytes))
    throw ApiError.badRequest(RETURN_MSG.partSize);
  const size = parts.reduce((sum, part) => sum + part.size, 0);
  await multipart.complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
  await returns.markStored(upload.id, size);
  return uploadAnswerOf({ ...upload, size, status: 'STORED' });
}

/** Abandons the upload: R2 drops its parts, the shop forgets it. */
export async function abortMultipart(env: Env, access: OrderAccess, uploadId: string, now: number): Promise<null> {
  const { upload, multipart } = await openUpload(env, access, uploadId, now);
  await multipart.abort().catch(() => undefined);
  await returnRepository(env.DB).forgetUnattached(upload.id);
  return null;
}
