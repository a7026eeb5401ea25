import type { MultipartAnswer, UploadAnswer } from '../../shared/api/returns.ts';
import { maxBytesOf, RETURN_LIMITS, RETURN_MSG, type EvidenceKind } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { log } from '../platform/log.ts';
import { accessibleOrder, type OrderAccess } from '../orders/service.ts';
import { partSizeProblem } from './part-sizes.ts';
import { declaredLength, pipeTo, sniffBody, withinKindLimit } from './stream.ts';
import { uploadRepository, type PartRow, type UploadRow } from './upload-repository.ts';
import { addUpload, newUpload, orderForEvidence, uploadAnswerOf } from './uploads.ts';

/**
 * Resumable uploads (issue 20) through R2 multipart, for videos on a weak connection: opened,
 * sent part by part (a part sent again replaces itself; the parts so far can be asked for, so
 * an interrupted upload carries on where it stopped), then completed or aborted. The first part
 * tells the file's type. Each part's bytes are reserved by a guarded insert before they go to R2,
 * so parts sent in parallel never come to more than the type's limit (issue 35 finding 3); parts of
 * unequal sizes, which R2 cannot put together, are refused as they come; a completion R2 refuses
 * aborts the upload and forgets it, and the shopper is asked to send the file again.
 */

type Env = Pick<Bindings, 'DB' | 'MEDIA' | 'RATE_LIMITER'>;

/** Opens a resumable upload for an order the caller may act on (within the order's uploads per day). */
export async function openMultipart(env: Env, access: OrderAccess, name: string, now: number) {
  const order = await orderForEvidence(env, access, now);
  const upload = newUpload(order.id, name, now, null);
  const multipart = await env.MEDIA.createMultipartUpload(upload.objectKey);
  try {
    await addUpload(env.DB, { ...upload, multipartId: multipart.uploadId }, now);
  } catch (error) {
    await multipart.abort().catch(() => undefined);
    throw error;
  }
  return { uploadId: upload.id, parts: [] } satisfies MultipartAnswer;
}

/** The open upload, on an order the caller may act on (anything else is the same 404). */
async function openUpload(env: Env, access: OrderAccess, uploadId: string, now: number) {
  const order = await accessibleOrder(env, access, now);
  const upload = await uploadRepository(env.DB).upload(uploadId);
  if (!upload || upload.orderId !== order.id || upload.status !== 'UPLOADING')
    throw ApiError.notFound(RETURN_MSG.unknownUpload);
  // Its parts are being put together (claimForCompletion): it takes nothing more until it is stored.
  if (!upload.multipartId) throw new ApiError(409, 409, RETURN_MSG.uploadOpen);
  return {
    upload: { ...upload, multipartId: upload.multipartId },
    multipart: env.MEDIA.resumeMultipartUpload(upload.objectKey, upload.multipartId),
  };
}

const answerOf = (uploadId: string, parts: readonly PartRow[]): MultipartAnswer => ({
  uploadId,
  parts: parts.filter((part) => part.etag !== '').map(({ partNumber, size }) => ({ partNumber, size })),
});

/** The parts received so far. */
export async function multipartState(env: Env, access: OrderAccess, uploadId: string, now: number) {
  const { upload } = await openUpload(env, access, uploadId, now);
  return answerOf(uploadId, await uploadRepository(env.DB).parts(upload.id));
}

const tooLarge = (kind: EvidenceKind) =>
  new ApiError(413, 413, kind === 'image' ? RETURN_MSG.imageTooLarge : RETURN_MSG.videoTooLarge);

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
  if (partNumber > 1 && !upload.kind) throw new ApiError(409, 409, RETURN_MSG.partOrder);
  const uploads = uploadRepository(env.DB);
  const sizeProblem = partSizeProblem(await uploads.parts(upload.id), { partNumber, size: length });
  if (sizeProblem) throw ApiError.badRequest(sizeProblem);
  const stored = await pipePart(env, upload, multipart, { partNumber, length }, part.body);
  if (partNumber === 1 && !upload.kind) await uploads.setUploadType(upload.id, stored.contentType, stored.kind);
  await uploads.settlePart(upload.id, { partNumber, etag: stored.etag, size: length });
  return answerOf(upload.id, await uploads.parts(upload.id));
}

/**
 * Sends a part's bytes to R2 once they are reserved within the type's limit: the first part is sniffed
 * for the type first. A part R2 did not take frees its reservation.
 */
async function pipePart(
  env: Env,
  upload: UploadRow,
  multipart: R2MultipartUpload,
  part: { partNumber: number; length: number },
  body: ReadableStream<Uint8Array> | null,
) {
  const uploads = uploadRepository(env.DB);
  const { partNumber, length } = part;
  const reserve = async (kind: EvidenceKind, cancel: () => Promise<void>) => {
    if (await uploads.reservePart(upload.id, { partNumber, size: length }, maxBytesOf(kind))) return;
    await cancel();
    throw tooLarge(kind);
  };
  const release = async (): Promise<never> => {
    await uploads.releasePart(upload.id, partNumber);
    throw ApiError.badRequest(RETURN_MSG.incomplete);
  };
  if (partNumber === 1) {
    const sniffed = await sniffBody(body, length);
    if (upload.kind && sniffed.kind !== upload.kind) {
      await sniffed.cancel();
      throw new ApiError(415, 415, RETURN_MSG.fileType);
    }
    await withinKindLimit(sniffed, length, maxBytesOf(sniffed.kind));
    await reserve(sniffed.kind, sniffed.cancel);
    const uploaded = await pipeTo(sniffed, (stream) => multipart.uploadPart(1, stream)).catch(release);
    return { etag: uploaded.etag, contentType: sniffed.contentType, kind: sniffed.kind };
  }
  if (!upload.kind || !upload.contentType) throw new ApiError(409, 409, RETURN_MSG.partOrder);
  if (!body) throw ApiError.badRequest(RETURN_MSG.emptyFile);
  await reserve(upload.kind, () => body.cancel().catch(() => undefined));
  const { readable, writable } = new FixedLengthStream(length);
  const [uploaded] = await Promise.all([multipart.uploadPart(partNumber, readable), body.pipeTo(writable)]).catch(
    release,
  );
  return { etag: uploaded.etag, contentType: upload.contentType, kind: upload.kind };
}

/** Why the parts cannot be put together yet (a 400 or 409 to send), or null. */
function completionProblem(parts: readonly PartRow[]): ApiError | null {
  if (parts.length === 0) return ApiError.badRequest(RETURN_MSG.noParts);
  if (parts.some((part) => part.etag === '')) return new ApiError(409, 409, RETURN_MSG.uploadOpen);
  if (parts.some((part, i) => part.partNumber !== i + 1)) return ApiError.badRequest(RETURN_MSG.missingParts);
  const last = parts[parts.length - 1]!;
  const problem = partSizeProblem(parts.slice(0, -1), last);
  return problem ? ApiError.badRequest(problem) : null;
}

/**
 * Completes the upload from its parts (1 to n, all but the last of one size of at least 5 MB); answers
 * the stored file. A completion sent again answers the file it stored. If R2 cannot put the parts
 * together, the upload is aborted at R2 and forgotten, and the shopper is asked to send it again.
 */
export async function completeMultipart(
  env: Env,
  access: OrderAccess,
  uploadId: string,
  now: number,
): Promise<UploadAnswer> {
  const order = await accessibleOrder(env, access, now);
  const uploads = uploadRepository(env.DB);
  const upload = await uploads.upload(uploadId);
  if (!upload || upload.orderId !== order.id) throw ApiError.notFound(RETURN_MSG.unknownUpload);
  if (upload.status === 'STORED') {
    if (upload.returnId === null) return uploadAnswerOf(upload); // asked again: the file it stored
    throw ApiError.notFound(RETURN_MSG.unknownUpload);
  }
  if (!upload.multipartId) throw new ApiError(409, 409, RETURN_MSG.uploadOpen);
  const multipart = env.MEDIA.resumeMultipartUpload(upload.objectKey, upload.multipartId);
  const parts = await uploads.parts(upload.id);
  if (!upload.kind) throw ApiError.badRequest(RETURN_MSG.noParts);
  const problem = completionProblem(parts);
  if (problem) throw problem;
  if (!(await uploads.claimForCompletion(upload.id, upload.multipartId)))
    throw new ApiError(409, 409, RETURN_MSG.uploadOpen);
  const size = parts.reduce((sum, part) => sum + part.size, 0);
  try {
    await multipart.complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
  } catch (error) {
    log.warn('a resumable upload could not be completed', { uploadId, error: String(error) });
    await multipart.abort().catch(() => undefined);
    await uploads.forgetUnattached(upload.id);
    throw ApiError.badRequest(RETURN_MSG.notAssembled);
  }
  await uploads.markStored(upload.id, size);
  return uploadAnswerOf({ ...upload, size, status: 'STORED' });
}

/** Abandons the upload: R2 drops its parts, the shop forgets it. */
export async function abortMultipart(env: Env, access: OrderAccess, uploadId: string, now: number): Promise<null> {
  const { upload, multipart } = await openUpload(env, access, uploadId, now);
  await multipart.abort().catch(() => undefined);
  await uploadRepository(env.DB).forgetUnattached(upload.id);
  return null;
}
