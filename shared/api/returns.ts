import * as z from 'zod';
import { RETURN_LIMITS, RETURN_MSG, RETURN_REASON_LIST, RETURN_STATUSES } from '../returns.ts';

/** The return calls the browser makes (issue 20, §1 returns), shared with the Worker that validates them. */

const orderId = z.string().min(1, 'must not be empty').max(40, 'is too long');
/** A guest's order-access token from placement or the order emails; a member is known by their session. */
const orderToken = z.string().max(200).optional();
const uploadId = z.string().min(1).max(64);

export const returnVehicle = z.object({
  vin: z.string().max(40).optional(),
  year: z.number().int().min(1900).max(2100).optional(),
  make: z.string().max(60).optional(),
  model: z.string().max(60).optional(),
});

export const createReturnBody = z.object({
  orderId,
  orderToken,
  /** The form's key: a retried submit is the same return. */
  idempotencyKey: z.string().min(8).max(100),
  lines: z
    .array(z.object({ lineNo: z.number().int().min(1), quantity: z.number().int().min(1).max(1000) }))
    .min(1, RETURN_MSG.nothingChosen)
    .max(100),
  reason: z.string().refine((value) => (RETURN_REASON_LIST as string[]).includes(value), RETURN_MSG.reason),
  text: z.string().max(RETURN_LIMITS.textMaxLength).optional(),
  vehicle: returnVehicle.optional(),
  uploadIds: z.array(uploadId).max(RETURN_LIMITS.maxFiles, RETURN_MSG.tooManyFiles),
});

export const returnQuery = z.object({ orderToken });

export const uploadQuery = z.object({
  orderId,
  orderToken,
  name: z.string().min(1).max(RETURN_LIMITS.nameMaxLength),
});

export const multipartBody = z.object({ orderId, orderToken, uploadId });
export const multipartCreateBody = z.object({
  orderId,
  orderToken,
  name: z.string().min(1).max(RETURN_LIMITS.nameMaxLength),
});
export const partQuery = z.object({ orderId, orderToken });

export const uploadAnswer = z.object({
  uploadId: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'video']),
  contentType: z.string(),
  size: z.number(),
});
export const multipartAnswer = z.object({
  uploadId: z.string(),
  /** Parts received so far: a resumed upload sends the rest. */
  parts: z.array(z.object({ partNumber: z.number(), size: z.number() })),
});

export const returnAnswer = z.object({
  rma: z.string(),
  orderId: z.string(),
  status: z.enum(RETURN_STATUSES),
  statusLabel: z.string(),
  reason: z.string(),
  text: z.string().nullable(),
  vehicle: returnVehicle.nullable(),
  createdAt: z.number(),
  lines: z.array(z.object({ lineNo: z.number(), title: z.string(), partNumber: z.string(), quantity: z.number() })),
  history: z.array(z.object({ status: z.enum(RETURN_STATUSES), note: z.string().nullable(), createdAt: z.number() })),
  evidence: z.array(
    uploadAnswer.extend({ url: z.string(), expiresAt: z.number().describe('ms since epoch; ask again after') }),
  ),
});

export type CreateReturnBody = z.input<typeof createReturnBody>;
export type ReturnVehicle = z.infer<typeof returnVehicle>;
export type ReturnAnswer = z.infer<typeof returnAnswer>;
export type UploadAnswer = z.infer<typeof uploadAnswer>;
export type MultipartAnswer = z.infer<typeof multipartAnswer>;
