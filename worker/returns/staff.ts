import { RETURN_MSG, returnPagePath } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { mailerFor, type EmailMessage } from '../platform/email.ts';
import { log } from '../platform/log.ts';
import { orderAccountOf, orderMailIdentity, orderView } from '../orders/service.ts';
import { REFUND_MSG } from '../orders/staff.ts';
import { returnRepository, type ReturnRow } from './repository.ts';
import type { DecidedReturn } from './staff-email.ts';
import type { StaffReturnResult } from './staff-types.ts';

export {
  returnApprovedEmail,
  returnEvidenceNeededEmail,
  returnReceivedEmail,
  returnRefundedEmail,
  returnRejectedEmail,
  type DecidedReturn,
} from './staff-email.ts';
export type * from './staff-types.ts';
export type { ReturnRow } from './repository.ts';
export {
  claimReturnRefund,
  refundUnits,
  releaseReturnRefund,
  repeatedReturnRefund,
  returnUnits,
} from './staff-refund.ts';

/**
 * What the shop's decisions on a return share (issue 20): their messages and limits, the return by
 * its RMA, the shopper's email. The decisions themselves are the decide-return flow.
 */

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
export async function returnOfRma(db: D1Database, rma: string): Promise<ReturnRow | null> {
  return typeof rma === 'string' && rma.length <= 60 ? returnRepository(db).returnByRma(rma) : null;
}

/** Emails the shopper about their return, with its page's link on the order market's configured origin. */
export async function tellShopperAboutReturn(
  env: Bindings,
  row: ReturnRow,
  build: (to: DecidedReturn) => EmailMessage,
) {
  try {
    const [order, accountId] = await Promise.all([orderView(env.DB, row.orderId), orderAccountOf(env.DB, row.orderId)]);
    if (!order) return;
    const { shop, guestToken } = await orderMailIdentity(env, {
      orderId: row.orderId,
      market: order.market,
      accountId,
    });
    const url = `${shop.origin}${returnPagePath(row.rma, guestToken)}`;
    await (await mailerFor(env)).send(
      build({ rma: row.rma, orderId: row.orderId, email: order.email, shopName: shop.name, url }),
    );
  } catch (error) {
    // The decision stands: the shopper still sees it on the return's page.
    log.error('return email not sent', error, { rma: row.rma });
  }
}

/** The back office's reads (issue 20): the queue, one return with all staff decide on, its evidence. */
export { RETURN_QUEUE_PAGE_SIZE, returnQueue, staffEvidenceObject, staffReturn } from './staff-read.ts';
