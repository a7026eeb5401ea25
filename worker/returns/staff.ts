import { returnPagePath } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { mailerFor, type EmailMessage } from '../platform/email.ts';
import { log } from '../platform/log.ts';
import { orderAccountOf, orderMailIdentity, orderView } from '../orders/service.ts';
import type { ReturnRecord } from './records.ts';
import type { DecidedReturn } from './staff-email.ts';

export {
  returnApprovedEmail,
  returnEvidenceNeededEmail,
  returnReceivedEmail,
  returnRefundedEmail,
  returnRejectedEmail,
  type DecidedReturn,
} from './staff-email.ts';
export type * from './staff-types.ts';
export type { ReturnRecord } from './records.ts';
export {
  notFound,
  refused,
  returnOfRma,
  STAFF_RETURN_LIMITS,
  STAFF_RETURN_MSG,
  textOf,
} from './staff-rules.ts';
export {
  claimReturnRefund,
  refundUnits,
  releaseReturnRefund,
  repeatedReturnRefund,
  returnUnits,
} from './staff-refund.ts';

/**
 * Returns' staff door (issue 20): what the shop's decisions on a return share (their messages and
 * limits, the return by its RMA, the shopper's email). The decisions themselves are the decide-return flow.
 */

/**
 * Emails the shopper about their return, with its page's link on the order market's configured origin, in the
 * language the order was placed in (`build` runs in it: its money and dates too).
 */
export async function tellShopperAboutReturn(
  env: Bindings,
  row: ReturnRecord,
  build: (to: DecidedReturn) => EmailMessage,
) {
  try {
    const [order, accountId] = await Promise.all([orderView(env.DB, row.orderId), orderAccountOf(env.DB, row.orderId)]);
    if (!order) return;
    const { shop, guestToken, speak, link } = await orderMailIdentity(env, {
      orderId: row.orderId,
      market: order.market,
      accountId,
    });
    const url = link(returnPagePath(row.rma, guestToken));
    await (await mailerFor(env)).send(
      speak(() => build({ rma: row.rma, orderId: row.orderId, email: order.email, shopName: shop.name, url })),
    );
  } catch (error) {
    // The decision stands: the shopper still sees it on the return's page.
    log.error('return email not sent', error, { rma: row.rma });
  }
}

/** The back office's reads (issue 20): the queue, one return with all staff decide on, its evidence. */
export { RETURN_QUEUE_PAGE_SIZE, returnQueue, staffEvidenceObject, staffReturn } from './staff-read.ts';
