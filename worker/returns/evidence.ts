import type { ReturnAnswer } from '../../shared/api/returns.ts';
import { RETURN_LIMITS, RETURN_MSG, RETURN_REASONS, isReturnReason } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { fieldError } from '../platform/contract.ts';
import { accessibleOrder, type OrderAccess } from '../orders/service.ts';
import { returnAnswerOf } from './read.ts';
import { returnRepository } from './repository.ts';
import { uploadRepository, type UploadRow } from './upload-repository.ts';

/**
 * More evidence for a return (issue 20): when the shop asks for it (NEEDS_EVIDENCE), the shopper
 * adds files (and a word) and the return goes back to the shop's queue as REQUESTED. A retried
 * send of the same files answers the return as it is.
 */

export const MORE_EVIDENCE_MSG = {
  notWaiting: 'This return is not waiting for more evidence.',
} as const;

const HOUR = 3_600_000;

/** Why these uploads cannot join the return, or null. */
function uploadsProblem(reason: string, uploads: readonly UploadRow[], asked: number, kept: number, now: number) {
  if (kept + asked > RETURN_LIMITS.maxFiles) return RETURN_MSG.tooManyFiles;
  const usable = (upload: UploadRow) =>
    upload.status === 'STORED' &&
    upload.returnId === null &&
    upload.createdAt > now - RETURN_LIMITS.unattachedHours * HOUR;
  if (uploads.length !== asked || !uploads.every(usable)) return RETURN_MSG.unknownUpload;
  const kinds: readonly string[] = isReturnReason(reason) ? RETURN_REASONS[reason].kinds : ['image'];
  if (uploads.some((upload) => !kinds.includes(upload.kind ?? ''))) return RETURN_MSG.wrongKind;
  return null;
}

export async function addReturnEvidence(
  env: Bindings,
  rma: string,
  access: Omit<OrderAccess, 'orderId'>,
  input: { uploadIds: string[]; text?: string },
  now: number,
): Promise<ReturnAnswer> {
  const returns = returnRepository(env.DB);
  const row = /^RMA-[0-9A-Z-]{6,30}$/.test(rma) ? await returns.returnByRma(rma) : null;
  if (!row) throw ApiError.notFound(RETURN_MSG.notFound);
  try {
    await accessibleOrder(env, { ...access, orderId: row.orderId }, now);
  } catch (error) {
    if (error instanceof ApiError && error.httpCode === 404) throw ApiError.notFound(RETURN_MSG.notFound);
    throw error;
  }
  const uploadIds = [...new Set(input.uploadIds)];
  const uploads = await uploadRepository(env.DB).uploads(row.orderId, uploadIds);
  // A retry of a send that went through: every file is already this return's.
  if (uploads.length === uploadIds.length && uploads.every((upload) => upload.returnId === row.id))
    return returnAnswerOf(env, row, now);
  if (row.status !== 'NEEDS_EVIDENCE') throw new ApiError(409, 409, MORE_EVIDENCE_MSG.notWaiting);
  const kept = (await returns.details(row.id)).evidence.length;
  const problem = uploadsProblem(row.reason, uploads, uploadIds.length, kept, now);
  if (problem) throw fieldError('uploadIds', problem);
  const text = input.text?.trim();
  const note = text ? `More evidence sent: ${text}` : 'More evidence sent';
  try {
    await returns.run(returns.moreEvidenceStatements(row.id, row.orderId, uploadIds, note, now));
  } catch (error) {
    const again = await returns.returnByRma(rma);
    const settled = await uploadRepository(env.DB).uploads(row.orderId, uploadIds);
    if (again && settled.every((upload) => upload.returnId === row.id)) return returnAnswerOf(env, again, now);
    if (again?.status !== 'NEEDS_EVIDENCE') throw new ApiError(409, 409, MORE_EVIDENCE_MSG.notWaiting);
    if (/batch_guard|CHECK constraint|UNIQUE/i.test(String(error)))
      throw fieldError('uploadIds', RETURN_MSG.unknownUpload);
    throw error;
  }
  return returnAnswerOf(env, (await returns.returnByRma(rma))!, now);
}
