import { formatMoney } from '../../shared/money.ts';
import { REFUNDABLE_STATUSES } from '../../shared/order-status.ts';
import type { Bindings } from '../env.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { mailerFor } from '../platform/email.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { pointsEntryInto, undoReversalsInto } from '../members/writers.ts';
import { REFUND_MSG, type FulfilResult, type RefundInput } from '../orders/staff.ts';
import { orderRecord, orderView } from '../orders/service.ts';
import {
  orderEmailContext,
  orderNoteInto,
  orderRefundedEmail,
  refreshStatusInto,
  refundByKey,
  refundFigures,
  refundRecordInto,
  settleRefundInto,
} from '../orders/writers.ts';
import { refundOrderAmount } from '../payments/service.ts';
import { reversalByReference } from '../tax/service.ts';
import { taxReversalInto, voidTaxReversalInto } from '../tax/writers.ts';
import { queueTaxJob } from './commit-tax.ts';

/**
 * The shop's refunds (issue 19): by line and quantity (with their share of discounts, tax and
 * points paid) or by amount, optionally with the shipping, through the order's payment provider.
 * The refund is recorded first, in a batch whose guards refuse more units than were ordered, the
 * shipping twice or more money than was paid, so two staff refunding at once cannot pass what was
 * paid; then the provider is asked, and a refund it refuses counts for nothing. The refunded
 * goods' share of the points earned on the order is taken back and of the points it was paid with
 * given back (a refund the provider refuses undoes both); the shopper is emailed.
 */

const refused = (status: 400 | 404 | 409, message: string) => ({ ok: false as const, status, message });

/** What of the form is wrong before the order is read, or null. */
function formProblem(input: RefundInput) {
  const reason = input.reason.trim();
  if (!reason || reason.length > 200) return refused(400, REFUND_MSG.reason);
  if (input.amountCent !== null && !(input.amountCent > 0)) return refused(400, REFUND_MSG.amount);
  if (input.amountCent === null && !input.lines.some((line) => line.quantity > 0) && !input.withShipping)
    return refused(400, REFUND_MSG.nothingChosen);
  return null;
}

/** Refunds part or all of a paid order; a repeated form answers the refund it made. */
export async function refundOrderByShop(
  env: Bindings,
  orderId: string,
  input: RefundInput,
  actor: { staffId: number | null; audit: AuditEntry },
  now: number,
): Promise<FulfilResult<{ amountCent: number; repeated: boolean }>> {
  const earlier = await refundByKey(env.DB, input.key);
  if (earlier) return repeatedRefund(earlier);
  const problem = formProblem(input);
  if (problem) return problem;
  const order = await orderRecord(env.DB, orderId);
  if (!order) return refused(404, REFUND_MSG.notRefundable);
  if (order.paidAt === null || !REFUNDABLE_STATUSES.includes(order.status))
    return refused(409, REFUND_MSG.notRefundable);
  const figures = await refundFigures(env.DB, order, input);
  if ('problem' in figures) return figures.problem!;
  const reason = input.reason.trim();
  const member = order.accountId;
  const refund = {
    key: input.key,
    amountCent: figures.amount,
    shippingCent: figures.shipping,
    pointsTaken: member === null ? 0 : figures.points,
    pointsReturned: member === null ? 0 : figures.pointsBack,
    reason,
    staffId: actor.staffId,
    now,
  };
  const record = unitOfWork(env.DB).explain(
    'refunded alongside',
    async () => (await refundByKey(env.DB, input.key)) === null,
  );
  refundRecordInto(record, order.id, refund, figures.lines, async () => {
    const now = await orderRecord(env.DB, order.id);
    return (
      now !== null &&
      REFUNDABLE_STATUSES.includes(now.status) &&
      !('problem' in (await refundFigures(env.DB, now, input)))
    );
  });
  // Earned points on the refunded goods are taken back, the points they were paid with given back;
  // both rows carry the refund's key, so a refund the provider refuses undoes exactly them.
  if (member !== null) {
    const reversal = { accountId: member, reason: 'REFUND' as const, reference: order.id, now, note: input.key };
    pointsEntryInto(record, { ...reversal, points: -refund.pointsTaken });
    pointsEntryInto(record, { ...reversal, points: refund.pointsReturned });
  }
  // The tax it gives back, line by line and jurisdiction by jurisdiction, under the refund's key.
  if (figures.taxPlan && figures.taxPlan.lines.length > 0) taxReversalInto(record, figures.taxPlan, now);
  refreshStatusInto(record, order.id, now);
  record.audit(actor.audit);
  const recorded = await record.commit();
  if (!recorded.ok) {
    const raced = await refundByKey(env.DB, input.key);
    return raced ? repeatedRefund(raced) : refused(409, REFUND_MSG.notRefundable);
  }
  const back = await refundOrderAmount(env, order.id, refund.amountCent).catch(() => 0);
  const outcome = back > 0 ? ('DONE' as const) : ('FAILED' as const);
  const money = formatMoney({ cent: back, currency: order.currency });
  const settle = unitOfWork(env.DB);
  settleRefundInto(settle, input.key, { status: outcome, amountCent: back });
  if (outcome === 'FAILED' && member !== null)
    undoReversalsInto(settle, { accountId: member, reference: order.id, note: input.key, now });
  if (outcome === 'FAILED') voidTaxReversalInto(settle, input.key);
  refreshStatusInto(settle, order.id, now);
  orderNoteInto(settle, order.id, outcome === 'DONE' ? `Refunded ${money}: ${reason}` : 'Refund refused', now);
  await settle.run();
  if (outcome === 'FAILED') return refused(409, REFUND_MSG.providerRefused);
  const reversal = await reversalByReference(env.DB, input.key);
  if (reversal) await queueTaxJob(env, { kind: 'reverse', reversalId: reversal.id });
  await tellShopperRefunded(env, order.id, input.key);
  return { ok: true, amountCent: back, repeated: false };
}

function repeatedRefund(refund: { status: string; amountCent: number }) {
  if (refund.status === 'FAILED') return refused(409, REFUND_MSG.providerRefused);
  return { ok: true as const, amountCent: refund.amountCent, repeated: true };
}

async function tellShopperRefunded(env: Bindings, orderId: string, key: string): Promise<void> {
  const order = await orderView(env.DB, orderId);
  const made = await refundByKey(env.DB, key);
  const refund = order?.refunds.find((candidate) => candidate.id === made?.id);
  if (!order || !refund) return;
  const { shop, orderUrl, speak } = await orderEmailContext(env, orderId, order.market);
  await (await mailerFor(env)).send(speak(() => orderRefundedEmail(order, refund, shop, orderUrl)));
}
