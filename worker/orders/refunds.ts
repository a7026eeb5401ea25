import { isCoreLine } from '../../shared/core-charges.ts';
import { formatMoney } from '../../shared/money.ts';
import { planReversal, type ReversalPlan } from '../tax/service.ts';
import { fulfilmentRepository } from './fulfilment-repository.ts';
import { orderRepository } from './repository.ts';
import type { OrderRecord } from './records.ts';

/**
 * Orders' side of the shop's refunds (issue 19): the form's messages, and what a refund by lines or
 * by amount comes to (money, its shipping part, the points taken back and given back). Refunding is
 * the refund-order flow.
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

/** A refund made before with a form's key. */
export function refundByKey(db: D1Database, key: string) {
  return fulfilmentRepository(db).refundByKey(key);
}

/** What the shopper paid before tax for goods, core deposits and shipping: the total is this plus tax. */
const chargedBeforeTax = (order: OrderRecord) => order.totalCent - order.taxCent;

/**
 * What a refund by lines gives back: each unit's price after discounts and points with exactly the
 * tax charged on it (the order's tax ledger, tax/service.ts), and the shipping with its own tax when
 * chosen. An order without a ledger (placed before it) shares the tax over what was paid, as before.
 */
async function byLines(db: D1Database, order: OrderRecord, input: RefundInput, goods: number, shipping: number) {
  const ask = { reference: input.key, lines: input.lines, shipping: shipping > 0 };
  const plan = await planReversal(db, order.id, ask);
  if (plan) {
    const shippingLine = plan.lines.find((line) => line.lineNo === 0);
    const money = plan.lines.reduce((sum, line) => sum + line.amountCent + line.taxCent, 0);
    const shippingNet = shippingLine?.amountCent ?? 0;
    return { money, shippingNet, shippingMoney: shippingNet + (shippingLine?.taxCent ?? 0), plan };
  }
  const base = chargedBeforeTax(order);
  const withTax = (cent: number) => (base > 0 ? Math.round((cent * order.totalCent) / base) : 0);
  return { money: withTax(goods + shipping), shippingNet: withTax(shipping), shippingMoney: withTax(shipping), plan };
}

/** The amount, shipping part, points and tax given back a refund comes to, or why it cannot be given. */
export async function refundFigures(db: D1Database, order: OrderRecord, input: RefundInput) {
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
  let shippingNet = 0;
  let shippingMoney = 0;
  let taxPlan: ReversalPlan | null;
  if (input.amountCent !== null) {
    if (input.amountCent > left) return { problem: refused(409, REFUND_MSG.tooMuch(money(left))) };
    amount = input.amountCent;
    taxPlan = await planReversal(db, order.id, {
      reference: input.key,
      lines: [],
      shipping: false,
      amountCent: amount,
    });
  } else {
    if (goods + shipping === 0) return { problem: refused(400, REFUND_MSG.nothingChosen) };
    const given = await byLines(db, order, { ...input, lines }, goods, shipping);
    amount = Math.min(left, given.money);
    if (amount <= 0) return { problem: refused(409, REFUND_MSG.tooMuch(money(left))) };
    fee = input.feeCent ?? 0;
    if (!Number.isInteger(fee) || fee < 0 || fee >= amount) return { problem: refused(400, REFUND_MSG.fee) };
    amount -= fee;
    shippingNet = Math.min(amount, given.shippingNet);
    shippingMoney = Math.min(amount, given.shippingMoney);
    taxPlan = given.plan;
  }
  // The goods' share of what was paid (their tax included): points were earned and spent on goods only.
  const shippingPaid = order.shippingCent - order.shippingDiscountCent;
  const goodsTotal = order.totalCent - (base > 0 ? Math.round((shippingPaid * order.totalCent) / base) : 0);
  const goodsShare = goodsTotal > 0 ? Math.min(1, (amount + fee - shippingMoney) / goodsTotal) : 0;
  // The refund of everything left settles the points too, whatever rounding left over; a core deposit
  // given back (issue 40) was neither earned on nor paid with points.
  const last = amount + fee >= left;
  const depositsOnly =
    lines.length > 0 && lines.every((line) => isCoreLine(ordered.find((row) => row.lineNo === line.lineNo)!));
  const share = (points: number, left: number) =>
    depositsOnly ? 0 : Math.max(0, last ? left : Math.min(left, Math.floor(points * goodsShare)));
  return {
    amount,
    shipping: shippingNet,
    points: share(order.pointsEarned, order.pointsEarned - done.pointsTaken),
    pointsBack: share(order.pointsUsed, order.pointsUsed - done.pointsReturned),
    lines,
    /** The tax it gives back, line by line and jurisdiction by jurisdiction (null: the order has no tax ledger). */
    taxPlan,
  };
}
