import { formatMoney } from '../../shared/money.ts';
import type { Bindings } from '../env.ts';
import { mailerFor } from '../platform/email.ts';
import { pointsCreditStatement, undoReversalsStatement } from '../members/service.ts';
import { refundOrderAmount } from '../payments/service.ts';
import { orderRefundedEmail } from './fulfilment-email.ts';
import { emailContext, type FulfilResult } from './fulfilment.ts';
import { REFUNDABLE_STATUSES } from '../../shared/order-status.ts';
import { fulfilmentRepository } from './fulfilment-repository.ts';
import { orderRepository, type OrderRow } from './repository.ts';

/**
 * The shop's refunds (issue 19): by line and quantity (with their share of discounts, tax and
 * points paid) or by amount, optionally with the shipping, through the order's payment provider.
 * The refund is recorded first, in a batch whose guards refuse more units than were ordered, the
 * shipping twice or more money than was paid, so two staff refunding at once cannot pass what was
 * paid; then the provider is asked, and a refund it refuses counts for nothing. The refunded
 * goods' share of the points earned on the order is taken back and of the points it was paid with
 * given back (a refund the provider refuses undoes both); the shopper is emailed.
 */

export const REFUND_MSG = {
  reason: 'Please give a reason for the refund (up to 200 characters).',
  nothingChosen: 'Choose units to refund, or enter an amount.',
  amount: 'Please enter an amount greater than zero.',
  quantity: 'A line cannot be refunded more units than were ordered.',
  tooMuch: (left: string) => `At most ${left} can still be refunded on this order.`,
  notRefundable: 'This order cannot be refunded: it is not paid, or it was cancelled or fully refunded.',
  providerRefused: 'The payment provider refused the refund, so nothing was refunded. Please try again later.',
  fee: 'The restocking fee must be zero or more, and less than the refund.',
} as const;

export interface RefundInput {
  /** The form's idempotency key: a double click is one refund. */
  key: string;
  /** Units of lines to refund; empty for a refund by amount. */
  lines: { lineNo: number; quantity: number }[];
  /** A refund by amount, in cents; null for one by lines. */
  amountCent: number | null;
  /** Also give back what the order paid for shipping (once per order). */
  withShipping: boolean;
  reason: string;
  /** A restocking fee kept from a refund by lines (a return's), in cents. */
  feeCent?: number;
}

const refused = (status: 400 | 404 | 409, message: string) => ({ ok: false as const, status, message });

/** What the shopper paid before tax for goods and shipping: the total is this plus tax. */
const chargedBeforeTax = (order: OrderRow) =>
  order.subtotalCent - order.discountCent - order.pointsCent + order.shippingCent - order.shippingDiscountCent;

/** The amount, shipping part and points a refund comes to, or why it cannot be given. */
async function refundFigures(db: D1Database, order: OrderRow, input: RefundInput) {
  const fulfilment = fulfilmentRepository(db);
  const [counts, done] = await Promise.all([fulfilment.lineCounts(order.id), fulfilment.refundedTotals(order.id)]);
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  const left = order.totalCent - done.amountCent;
  if (left <= 0) return { problem: refused(409, REFUND_MSG.notRefundable) };
  const ordered = await orderRepository(db).lines(order.id);
  const lines = input.lines.filter((line) => line.quantity > 0);
  let goods = 0;
  for (const line of lines) {
    const count = counts.find((candidate) => candidate.lineNo === line.lineNo);
    const row = ordered.find((candidate) => candidate.lineNo === line.lineNo);
    if (!count || !row || line.quantity > count.quantity - count.refunded)
      return { problem: refused(409, REFUND_MSG.quantity) };
    goods += Math.round((row.totalCent * line.quantity) / row.quantity);
  }
  const shippingLeft = order.shippingCent - order.shippingDiscountCent - done.shippingCent;
  const shipping = input.withShipping && input.amountCent === null ? Math.max(0, shippingLeft) : 0;
  const base = chargedBeforeTax(order);
  let amount: number;
  let fee = 0;
  if (input.amountCent !== null) {
    if (input.amountCent > left) return { problem: refused(409, REFUND_MSG.tooMuch(money(left))) };
    amount = input.amountCent;
  } else {
    if (goods + shipping === 0) return { problem: refused(400, REFUND_MSG.nothingChosen) };
    // Each unit's share of what was paid: its price after discounts, with its part of tax and points.
    amount = Math.min(left, base > 0 ? Math.round(((goods + shipping) * order.totalCent) / base) : 0);
    if (amount <= 0) return { problem: refused(409, REFUND_MSG.tooMuch(money(left))) };
    fee = input.feeCent ?? 0;
    if (!Number.isInteger(fee) || fee < 0 || fee >= amount) return { problem: refused(400, REFUND_MSG.fee) };
    amount -= fee;
  }
  const shippingPart = Math.min(amount, base > 0 ? Math.round((shipping * order.totalCent) / base) : 0);
  // The goods' share of what was paid (their tax included): points were earned and spent on goods only.
  const shippingPaid = order.shippingCent - order.shippingDiscountCent;
  const goodsTotal = order.totalCent - (base > 0 ? Math.round((shippingPaid * order.totalCent) / base) : 0);
  const goodsShare = goodsTotal > 0 ? Math.min(1, (amount + fee - shippingPart) / goodsTotal) : 0;
  // The refund of everything left settles the points too, whatever rounding left over.
  const last = amount + fee >= left;
  const share = (points: number, left: number) =>
    Math.max(0, last ? left : Math.min(left, Math.floor(points * goodsShare)));
  return {
    amount,
    shipping: shippingPart,
    points: share(order.pointsEarned, order.pointsEarned - done.pointsTaken),
    pointsBack: share(order.pointsUsed, order.pointsUsed - done.pointsReturned),
    lines,
  };
}

/** Refunds part or all of a paid order; a repeated form answers the refund it made. */
export async function refundOrderByShop(
  env: Bindings,
  orderId: string,
  input: RefundInput,
  actor: { staffId: number | null; audit: D1PreparedStatement },
  now: number,
): Promise<FulfilResult<{ amountCent: number; repeated: boolean }>> {
  const fulfilment = fulfilmentRepository(env.DB);
  const earlier = await fulfilment.refundByKey(input.key);
  if (earlier) return repeatedRefund(earlier);
  const reason = input.reason.trim();
  if (!reason || reason.length > 200) return refused(400, REFUND_MSG.reason);
  if (input.amountCent !== null && !(input.amountCent > 0)) return refused(400, REFUND_MSG.amount);
  if (input.amountCent === null && !input.lines.some((line) => line.quantity > 0) && !input.withShipping)
    return refused(400, REFUND_MSG.nothingChosen);
  const order = await orderRepository(env.DB).byId(orderId);
  if (!order) return refused(404, REFUND_MSG.notRefundable);
  if (order.paidAt === null || !REFUNDABLE_STATUSES.includes(order.status))
    return refused(409, REFUND_MSG.notRefundable);
  const figures = await refundFigures(env.DB, order, input);
  if ('problem' in figures) return figures.problem!;
  const refund = {
    key: input.key,
    amountCent: figures.amount,
    shippingCent: figures.shipping,
    pointsTaken: order.accountId === null ? 0 : figures.points,
    pointsReturned: order.accountId === null ? 0 : figures.pointsBack,
    reason,
    staffId: actor.staffId,
    now,
  };
  // Earned points on the refunded goods are taken back, the points they were paid with given back;
  // both rows carry the refund's key, so a refund the provider refuses undoes exactly them.
  const member = order.accountId;
  const reversal = (delta: number) =>
    member !== null && delta !== 0
      ? [pointsCreditStatement(env.DB, member, delta, 'REFUND', order.id, now, input.key)]
      : [];
  const undo = member !== null ? [undoReversalsStatement(env.DB, member, order.id, input.key, now)] : [];
  try {
    await fulfilment.run([
      ...fulfilment.refundStatements(order.id, refund, figures.lines),
      ...reversal(-refund.pointsTaken),
      ...reversal(refund.pointsReturned),
      fulfilment.refreshStatusStatement(order.id, now),
      actor.audit,
    ]);
  } catch (error) {
    const raced = await fulfilment.refundByKey(input.key);
    if (raced) return repeatedRefund(raced);
    if (/batch_guard|CHECK constraint/i.test(String(error))) return refused(409, REFUND_MSG.notRefundable);
    throw error;
  }
  const back = await refundOrderAmount(env, order.id, refund.amountCent).catch(() => 0);
  const outcome = back > 0 ? ('DONE' as const) : ('FAILED' as const);
  const money = formatMoney({ cent: back, currency: order.currency });
  await fulfilment.run([
    fulfilment.settleRefundStatement(input.key, { status: outcome, amountCent: back }),
    ...(outcome === 'FAILED' ? undo : []),
    fulfilment.refreshStatusStatement(order.id, now),
    fulfilment.eventStatement(order.id, outcome === 'DONE' ? `Refunded ${money}: ${reason}` : 'Refund refused', now),
  ]);
  if (outcome === 'FAILED') return refused(409, REFUND_MSG.providerRefused);
  await tellShopperRefunded(env, order.id, input.key);
  return { ok: true, amountCent: back, repeated: false };
}

function repeatedRefund(refund: { status: string; amountCent: number }) {
  if (refund.status === 'FAILED') return refused(409, REFUND_MSG.providerRefused);
  return { ok: true as const, amountCent: refund.amountCent, repeated: true };
}

async function tellShopperRefunded(env: Bindings, orderId: string, key: string): Promise<void> {
  const order = await orderRepository(env.DB).view(orderId);
  const made = await fulfilmentRepository(env.DB).refundByKey(key);
  const refund = order?.refunds.find((candidate) => candidate.id === made?.id);
  if (!order || !refund) return;
  const { shop, orderUrl } = await emailContext(env, orderId, order.market);
  await (await mailerFor(env)).send(orderRefundedEmail(order, refund, shop, orderUrl));
}
