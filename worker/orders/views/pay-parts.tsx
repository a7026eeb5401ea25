import PayAgain from '../../../client/islands/PayAgain.tsx';
import type { BrowserPayKeys } from '../../../shared/browser-pay.ts';
import type { Currency } from '../../../shared/markets.ts';
import { Island } from '../../platform/render/Island.tsx';
import * as m from '../../../shared/i18n/generated/messages.js';

/** The methods an unpaid order may be paid with here, and the guest's order token when the page has one. */
export interface PayOptions {
  methods: { id: string; label: string; provider?: string; sandbox?: boolean }[];
  /** The keys of the payment providers' browser scripts (Stripe.js, PayPal's buttons). */
  keys?: BrowserPayKeys | null;
  token: string | null;
  /** Whether the viewer may pay (a member's own order, or a guest with the order's token). */
  allowed: boolean;
  now: number;
  /** Tracking by number and email: the pair the "Pay for this order" button asks a link to pay with. */
  askLink?: { orderNo: string; email: string } | null;
}

/** Where the tracking page's "Pay for this order" posts: the order's address is emailed the link to pay. */
export const PAY_LINK_PATH = '/order/track/pay-link';

/** "Pay for this order" for a shopper who tracks by number and email: the link to pay goes to the order's email. */
function AskPayLink({ pair }: { pair: { orderNo: string; email: string } }) {
  return (
    <form className="order-unpaid pay-link" method="post" action={PAY_LINK_PATH} data-unpaid="ask-link">
      <p>{m.order_waiting_for_payment()}</p>
      <input type="hidden" name="orderNo" value={pair.orderNo} />
      <input type="hidden" name="email" value={pair.email} />
      <button className="button button--primary" type="submit" data-pay-link="">
        {m.pay_for_order()}
      </button>{' '}
      <small>{m.order_pay_link_note()}</small>
    </form>
  );
}

/**
 * An order awaiting payment, on tracking and order detail: Pay now while the hold on its parts lasts; after it, what
 * happened to them. Nothing for an order that is not awaiting payment.
 */
export function PayForOrder({
  order,
  pay,
}: {
  /** Its total where the page shows it (order detail, the pay link's page): a wallet's sheet needs it. */
  order: { orderId: string; status: string; holdExpiresAt: number | null; total?: number; currency?: string };
  pay: PayOptions;
}) {
  if (order.status !== 'PAYMENT_PENDING') return null;
  if (order.holdExpiresAt === null || order.holdExpiresAt <= pay.now)
    return (
      <p className="order-unpaid" data-unpaid="expired">
        {m.order_not_paid_in_time()}
      </p>
    );
  if (!pay.allowed && pay.askLink?.email) return <AskPayLink pair={pay.askLink} />;
  if (!pay.allowed)
    return (
      <p className="order-unpaid" data-unpaid="link">
        {m.order_awaiting_payment()}
      </p>
    );
  return (
    <Island
      name="PayAgain"
      component={PayAgain}
      props={{
        orderId: order.orderId,
        methods: pay.methods,
        keys: pay.keys ?? null,
        amount:
          order.total !== undefined && order.currency
            ? { cent: order.total, currency: order.currency as Currency }
            : null,
        orderToken: pay.token,
        holdExpiresAt: order.holdExpiresAt,
      }}
    />
  );
}
