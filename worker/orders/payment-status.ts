import { HOLDING_STATUSES } from '../../shared/order-status.ts';
import { latestPayment, paymentResult, type PaymentResult } from '../payments/service.ts';
import { ownedOrder, resultPath, type OrderOwner } from './owner.ts';
import { orderRepository } from './repository.ts';
import { imageAsset } from '../platform/build-info.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** An order's payment as the shopper follows it: the hold on its parts, where to pay, how it went. */

// In the language being spoken: the result page shows them as the server writes them.
const paidMessage = () => m.order_paid_message();
const pendingMessage = () => m.order_pending_message();

/** The order's latest payment as a result, with the window its shopper may still have to act in. */
async function latestResult(db: D1Database, orderId: string): Promise<PaymentResult | null> {
  const payment = await latestPayment(db, orderId);
  return payment ? paymentResult(payment) : null;
}

/** The order's status and its latest payment's result. */
export async function orderPaymentCheck(db: D1Database, orderId: string, owner: OrderOwner) {
  const order = await ownedOrder(db, orderId, owner);
  return { orderId: order.id, orderStatus: order.status, payment: await latestResult(db, order.id) };
}

/** The payment provider's reference of the order's latest payment. */
export async function orderPaymentReference(db: D1Database, orderId: string, owner: OrderOwner) {
  const order = await ownedOrder(db, orderId, owner);
  const payment = await latestPayment(db, order.id);
  return {
    orderId: order.id,
    provider: payment?.provider ?? null,
    providerRef: payment?.providerRef ?? null,
    status: payment?.status ?? null,
  };
}

/** The ship-to a result page repeats: who and where, not the phone. */
function shipToOf(address: string): { name: string; line1: string; city: string; region: string; postalCode: string } {
  try {
    const parsed = JSON.parse(address) as Record<string, unknown>;
    const text = (key: string) => (typeof parsed[key] === 'string' ? (parsed[key] as string) : '');
    return {
      name: [text('firstName'), text('lastName')].filter(Boolean).join(' '),
      line1: text('addressLine1'),
      city: text('city'),
      region: text('regionCode'),
      postalCode: text('postalCode'),
    };
  } catch {
    return { name: '', line1: '', city: '', region: '', postalCode: '' };
  }
}

/**
 * What the result page tells the shopper: paid, still settling, or why it failed; with the parts, the ship-to, the
 * total, the email the confirmation goes to, and whether the order can still be paid (its stock hold lasts).
 */
export async function orderPaidResult(db: D1Database, orderId: string, owner: OrderOwner, now = Date.now()) {
  const order = await ownedOrder(db, orderId, owner);
  const [record, lines] = await Promise.all([latestPayment(db, order.id), orderRepository(db).lines(order.id)]);
  const payment = record ? paymentResult(record) : null;
  // PayPal is captured as the shopper comes back: a PayPal order still awaiting its payer was not completed there.
  const unfinished = record?.provider === 'paypal' && payment?.kind === 'RequiresAction';
  const failed = payment && (payment.kind === 'Declined' || payment.kind === 'Failed') ? payment : null;
  const result = order.paidAt !== null ? 'SUCCEEDED' : failed || unfinished ? 'FAILED' : 'PENDING';
  const message =
    result === 'SUCCEEDED'
      ? paidMessage()
      : failed
        ? failed.message
        : unfinished
          ? m.paypal_not_completed()
          : pendingMessage();
  const payable = HOLDING_STATUSES.includes(order.status) && order.holdExpiresAt !== null && order.holdExpiresAt > now;
  return {
    orderId: order.id,
    result,
    message,
    total: order.totalCent,
    currency: order.currency,
    email: order.email,
    payable,
    holdExpiresAt: payable ? order.holdExpiresAt : null,
    lines: lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      total: line.totalCent,
      imageUrl: imageAsset(line.imageUrl),
      urlHandle: line.urlHandle,
    })),
    shipTo: shipToOf(order.address),
  } as const;
}

/** Where to take the shopper to pay the order: the window of the payment under way, checkout, or the result page. */
export async function paymentRoute(db: D1Database, orderId: string, owner: OrderOwner) {
  const order = await ownedOrder(db, orderId, owner);
  const payment = await latestResult(db, order.id);
  if (HOLDING_STATUSES.includes(order.status) && payment?.kind === 'RequiresAction' && payment.url)
    return { orderId: order.id, next: 'window' as const, url: payment.url };
  if (HOLDING_STATUSES.includes(order.status) && !payment)
    return { orderId: order.id, next: 'checkout' as const, url: '/checkout' };
  return { orderId: order.id, next: 'result' as const, url: resultPath(order.id) };
}

/** Only the order's status: nothing a stranger with a guessed number could learn more from. */
export async function orderStatusOf(db: D1Database, orderId: string) {
  const row = await orderRepository(db).byId(orderId);
  return { orderId, status: row?.status ?? 'UNKNOWN' };
}
