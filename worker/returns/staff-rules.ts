import { RETURN_MSG } from '../../shared/returns.ts';
import { REFUND_MSG } from '../orders/staff.ts';
import { returnRepository } from './repository.ts';
import type { ReturnRecord } from './records.ts';
import type { StaffReturnResult } from './staff-types.ts';

/** The messages and limits of the shop's decisions on a return, its refusals and the return by its RMA. */

export const STAFF_RETURN_MSG = {
  notFound: RETURN_MSG.notFound,
  decided: (label: string) => `This return was already decided (now ${label}).`,
  notApproved: (label: string) => `Only an approved return can be marked received (this one is ${label}).`,
  notRefundable: (label: string) => `Only an approved or received return can be refunded (this one is ${label}).`,
  howToSend: 'Please enter return shipping instructions or a prepaid label number.',
  instructionsTooLong: 'Return shipping instructions can be at most 500 characters.',
  labelTooLong: 'A label number can be at most 60 characters.',
  reason: 'Please give the reason for rejecting the return (up to 500 characters).',
  missing: 'Please say what evidence is missing (up to 500 characters).',
  note: 'A note can be at most 500 characters.',
  key: 'This form has expired. Please reload the page and try again.',
  nothingChosen: 'Choose at least one unit of the return to refund.',
  notInReturn: 'Only parts of this return can be refunded with it.',
  tooMany: 'A line cannot be refunded more units than the return holds.',
  fee: REFUND_MSG.fee,
  refunding: 'Someone else is refunding this return. Reload the page to see the refund.',
  stillRefunding: 'This refund is still being made. Reload the page in a moment to see it.',
} as const;

export const STAFF_RETURN_LIMITS = { noteMaxLength: 500, labelMaxLength: 60 } as const;

type Refused = Extract<StaffReturnResult, { ok: false }>;

export const refused = (status: 400 | 404 | 409, message: string, field?: string): Refused =>
  field === undefined ? { ok: false, status, message } : { ok: false, status, message, field };

export const notFound = (): Refused => refused(404, STAFF_RETURN_MSG.notFound);

/** Form text, trimmed; anything that is not text is empty. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The return by its RMA number (a malformed number is no return). */
export async function returnOfRma(db: D1Database, rma: string): Promise<ReturnRecord | null> {
  return typeof rma === 'string' && rma.length <= 60 ? returnRepository(db).returnByRma(rma) : null;
}
