import { formatMoney } from '../../shared/money.ts';
import type { OrderView } from '../../shared/orders.ts';
import type { Bindings } from '../env.ts';
import { layoutEmail } from '../platform/email-layout.ts';
import { type EmailMessage, mailerFor } from '../platform/email.ts';
import { log } from '../platform/log.ts';
import { noticeRepository, type OrderNoticeKind } from './notice-repository.ts';
import type { ShopIdentity } from './email.ts';
import { orderRepository } from './repository.ts';
import { orderMailIdentity } from './returnable.ts';

/**
 * An unpaid order is never a dead end (issue 36): the shopper is emailed a link to pay it as soon as it is placed,
 * again when a payment of it is declined, and once more before the hold on its parts ends. Each of these goes
 * once per order (a guarded insert claims it first); the tracking page can have the link sent again on request.
 * A guest's link carries the order's signed access token, which the pay page exchanges on arrival for the
 * order's HttpOnly cookie (orders/http.ts); a member's leads to the page through their sign-in.
 */

export type { OrderNoticeKind } from './notice-repository.ts';

/** The reminder goes when this little of the hold is left (the cron runs every five minutes). */
export const PAY_REMINDER_LEAD_MINUTES = 15;
/** ...and not sooner than this after the order was placed, so it never follows the first email at once. */
export const PAY_REMINDER_MIN_AGE_MINUTES = 5;

/** The page that pays an order: a guest's address carries the order's token, a member's only its number. */
export function payLinkUrl(origin: string, orderId: string, guestToken: string | null): string {
  const query = new URLSearchParams({ orderId });
  if (guestToken) query.set('token', guestToken);
  return `${origin}/order/pay?${query}`;
}

/** How an email names the time left: "30 minutes", "1 minute". */
const minutesLeft = (holdExpiresAt: number, now: number) => {
  const minutes = Math.max(1, Math.round((holdExpiresAt - now) / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

type PayEmailKind = OrderNoticeKind | 'pay-link-asked';

const EMAIL_KIND: Record<PayEmailKind, EmailMessage['kind']> = {
  'pay-link': 'order-payment-link',
  'pay-link-asked': 'order-payment-link',
  'payment-declined': 'payment-declined',
  'payment-reminder': 'payment-reminder',
};

/** The email of one kind for an unpaid order: what it is for, how long its parts are held, the link to pay. */
export function payNoticeEmail(
  kind: PayEmailKind,
  order: Pick<OrderView, 'orderId' | 'email' | 'total' | 'currency'> & { holdExpiresAt: number },
  shop: ShopIdentity,
  url: string,
  now: number,
): EmailMessage {
  const total = formatMoney({ cent: order.total, currency: order.currency });
  const held = `Your parts are held for you for ${minutesLeft(order.holdExpiresAt, now)} more.`;
  const subject = {
    'pay-link': `Your order ${order.orderId} is waiting for its payment`,
    'pay-link-asked': `Pay for your order ${order.orderId}`,
    'payment-declined': `Your payment for order ${order.orderId} did not go through`,
    'payment-reminder': `Your order ${order.orderId} will be cancelled soon`,
  }[kind];
  const opening = {
    'pay-link': [
      `Thank you for your order from ${shop.name}.`,
      `Order ${order.orderId} for ${total} is placed and waiting for its payment. If your payment did not go ` +
        'through, or you closed the payment window, pay it with the link below.',
    ],
    'pay-link-asked': [`Here is the link you asked for to pay order ${order.orderId} (${total}) at ${shop.name}.`],
    'payment-declined': [
      `Your payment for order ${order.orderId} (${total}) was declined. Nothing was charged.`,
      'You can pay with another card or another payment method with the link below.',
    ],
    'payment-reminder': [
      `Order ${order.orderId} for ${total} is still waiting for its payment.`,
      'Pay it before its hold ends, or its parts go back on the shelf and the order is cancelled.',
    ],
  }[kind];
  const closing = 'If you have paid already, ignore this email: your order confirmation follows.';
  return layoutEmail(EMAIL_KIND[kind], order.email, subject, [...opening, held, closing], {
    url,
    label: 'Pay for your order',
  });
}

/** The order as a pay email needs it, while it can still be paid; null once paid, cancelled or past its hold. */
async function payableOrder(env: Bindings, orderId: string, now: number) {
  const row = await orderRepository(env.DB).byId(orderId);
  if (row?.status !== 'PAYMENT_PENDING' || row.holdExpiresAt === null || row.holdExpiresAt <= now) return null;
  return row;
}

/** Builds and sends one pay email of an order that can still be paid; false when it no longer can. */
async function sendPayEmail(env: Bindings, orderId: string, kind: PayEmailKind, now: number): Promise<boolean> {
  const order = await payableOrder(env, orderId, now);
  if (!order?.holdExpiresAt) return false;
  const { shop, guestToken } = await orderMailIdentity(env, {
    orderId,
    market: order.market,
    accountId: order.accountId,
  });
  const message = payNoticeEmail(
    kind,
    {
      orderId,
      email: order.email,
      total: order.totalCent,
      currency: order.currency,
      holdExpiresAt: order.holdExpiresAt,
    },
    shop,
    payLinkUrl(shop.origin, orderId, guestToken),
    now,
  );
  await (await mailerFor(env)).send(message);
  return true;
}

/**
 * Sends an unpaid order's email of this kind once: the claim is inserted first (of two racing calls, one inserts
 * it), and given back when the email could not go, for the next try. Never throws: an email never fails the
 * request or the cron run that sends it. Answers whether this call sent it.
 */
export async function sendPayNoticeOnce(
  env: Bindings,
  orderId: string,
  kind: OrderNoticeKind,
  now: number,
): Promise<boolean> {
  const notices = noticeRepository(env.DB);
  try {
    if (!(await payableOrder(env, orderId, now))) return false;
    if (!(await notices.claim(orderId, kind, now))) return false;
    if (await sendPayEmail(env, orderId, kind, now)) return true;
    await notices.release(orderId, kind);
    return false;
  } catch (error) {
    log.error('pay email not sent', error, { orderId, kind });
    await notices.release(orderId, kind).catch(() => undefined);
    return false;
  }
}

/** Emails the pay link again, asked for from the tracking page (the caller limits how often). */
export function sendPayLinkAsked(env: Bindings, orderId: string, now: number): Promise<boolean> {
  return sendPayEmail(env, orderId, 'pay-link-asked', now);
}

/** The unpaid orders a reminder is due for now: their hold ends within the lead, and they were not reminded. */
export function ordersToRemind(db: D1Database, now: number, limit = 50): Promise<string[]> {
  return noticeRepository(db).dueReminders(
    {
      now,
      until: now + PAY_REMINDER_LEAD_MINUTES * 60_000,
      placedBy: now - PAY_REMINDER_MIN_AGE_MINUTES * 60_000,
    },
    limit,
  );
}
