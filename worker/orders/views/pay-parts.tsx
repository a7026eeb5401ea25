import PayAgain from '../../../client/islands/PayAgain.tsx';
import { Island } from '../../platform/render/Island.tsx';

/** The methods an unpaid order may be paid with here, and the guest's order token when the page has one. */
export interface PayOptions {
  methods: { id: string; label: string; provider?: string }[];
  token: string | null;
  /** Whether the viewer may pay (a member's own order, or a guest with the order's token). */
  allowed: boolean;
  now: number;
}

/**
 * An order awaiting payment, on tracking and order detail: Pay now while the hold on its parts lasts; after it, what
 * happened to them. Nothing for an order that is not awaiting payment.
 */
export function PayForOrder({
  order,
  pay,
}: {
  order: { orderId: string; status: string; holdExpiresAt: number | null };
  pay: PayOptions;
}) {
  if (order.status !== 'PAYMENT_PENDING') return null;
  if (order.holdExpiresAt === null || order.holdExpiresAt <= pay.now)
    return (
      <p className="order-unpaid" data-unpaid="expired">
        This order was not paid in time: the hold on its parts has ended. Order them again from your cart.
      </p>
    );
  if (!pay.allowed)
    return (
      <p className="order-unpaid" data-unpaid="link">
        This order is awaiting payment. Open the link in your order confirmation email to pay for it.
      </p>
    );
  return (
    <Island
      name="PayAgain"
      component={PayAgain}
      props={{
        orderId: order.orderId,
        methods: pay.methods,
        orderToken: pay.token,
        holdExpiresAt: order.holdExpiresAt,
      }}
    />
  );
}
