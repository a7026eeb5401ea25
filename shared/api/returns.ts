import * as z from 'zod';
import { isReturnReason, RETURN_LIMITS, RETURN_MSG } from '../returns.ts';
import { RETURN_STATUSES } from '../return-status.ts';

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
  reason: z.string().refine(isReturnReason, RETURN_MSG.reason),
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
  /** How to send the parts back, once approved: instructions and/or a prepaid label's number. */
  instructions: z.string().nullable(),
  labelNumber: z.string().nullable(),
  /** What was refunded (cents, in the order's currency) and the restocking fee kept, once refunded. */
  refund: z.object({ amount: z.number(), fee: z.number(), currency: z.string() }).nullable(),
  lines: z.array(z.object({ lineNo: z.number(), title: z.string(), partNumber: z.string(), quantity: z.number() })),
  history: z.array(z.object({ status: z.enum(RETURN_STATUSES), note: z.string().nullable(), createdAt: z.number() })),
  evidence: z.array(
    uploadAnswer.extend({ url: z.string(), expiresAt: z.number().describe('ms since epoch; ask again after') }),
  ),
});

/** More files for a return the shop asked more evidence for (NEEDS_EVIDENCE); it goes back to the shop. */
export const addEvidenceBody = z.object({
  orderToken,
  uploadIds: z
    .array(uploadId)
    .min(1, 'Please add at least one file.')
    .max(RETURN_LIMITS.maxFiles, RETURN_MSG.tooManyFiles),
  text: z.string().max(RETURN_LIMITS.textMaxLength).optional(),
});

export const returnOptionsQuery = z.object({ orderId, orderToken });

/** A vehicle the form offers for "Part doesn't fit": the order's, or one of a member's garage. */
const offeredVehicle = z.object({ label: z.string(), year: z.number(), make: z.string(), model: z.string() });

/** What the return form of an order offers: the units that can still go back, and its returns so far. */
export const returnOptionsAnswer = z.object({
  orderId: z.string(),
  /** Null when a return can be asked; otherwise why not (the spec's words). */
  refusal: z.string().nullable(),
  lines: z.array(
    z.object({
      lineNo: z.number(),
      title: z.string(),
      partNumber: z.string(),
      imageUrl: z.string().nullable(),
      /** Units shipped and not already held by another return. */
      returnable: z.number(),
      windowEndsAt: z.number(),
      /** The fit the part was sold with for the order's vehicle (§4), or null. */
      fit: z.enum(['FIT', 'NOT_FIT', 'UNCERTAIN', 'EMPTY']).nullable(),
    }),
  ),
  vehicles: z.array(offeredVehicle),
  returns: z.array(
    z.object({ rma: z.string(), status: z.enum(RETURN_STATUSES), statusLabel: z.string(), url: z.string() }),
  ),
  /**
   * The order's core deposits whose parts shipped (issue 40): the old parts that can still come back for
   * their deposit until windowEndsAt (OPEN), those already on their way or refunded (RETURNED), and those
   * the window closed on (KEPT: the deposit stays charged).
   */
  cores: z.array(
    z.object({
      lineNo: z.number(),
      title: z.string(),
      unitCharge: z.number(),
      returnable: z.number(),
      windowEndsAt: z.number(),
      state: z.enum(['OPEN', 'RETURNED', 'KEPT']),
    }),
  ),
});

export type CreateReturnBody = z.input<typeof createReturnBody>;
export type ReturnVehicle = z.infer<typeof returnVehicle>;
export type ReturnAnswer = z.infer<typeof returnAnswer>;
export type AddEvidenceBody = z.input<typeof addEvidenceBody>;
export type ReturnOptionsQuery = z.input<typeof returnOptionsQuery>;
export type ReturnQuery = z.input<typeof returnQuery>;
export type MultipartCreateBody = z.input<typeof multipartCreateBody>;
export type MultipartBody = z.input<typeof multipartBody>;
export type PartQuery = z.input<typeof partQuery>;
export type ReturnOptionsAnswer = z.infer<typeof returnOptionsAnswer>;
export type UploadAnswer = z.infer<typeof uploadAnswer>;
export type MultipartAnswer = z.infer<typeof multipartAnswer>;
