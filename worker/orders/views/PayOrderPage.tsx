import type { OrderView } from '../../../shared/orders.ts';
import { staticAsset } from '../../platform/build-info.ts';
import { OrderTotals, orderDate } from './order-parts.tsx';
import { PayForOrder, type PayOptions } from './pay-parts.tsx';

/** Where the order stands for paying: still payable, paid, or cancelled (its hold ended or it was cancelled). */
function PayState({ order, pay }: { order: OrderView; pay: PayOptions }) {
  if (order.status === 'PAYMENT_PENDING') return <PayForOrder order={order} pay={pay} />;
  if (order.status === 'CANCELLED')
    return (
      <p className="order-unpaid" data-pay-state="cancelled">
        This order was cancelled and can no longer be paid. Order the parts again from your cart.
      </p>
    );
  return (
    <p className="order-paid" role="status" data-pay-state="paid">
      This order is paid. Thank you: we are preparing it.
    </p>
  );
}

/**
 * The page an unpaid order's emailed link opens (issue 36): what the order is, its total, and paying it with a
 * method the shopper picks while its parts are held; a paid or cancelled order says so instead.
 */
export function PayOrderPage({ order, pay, trackHref }: { order: OrderView; pay: PayOptions; trackHref: string }) {
  return (
    <section className="order-page order-pay" data-order-id={order.orderId}>
      <h1>Pay for order {order.orderId}</h1>
      <p className="order-meta">
        Placed {orderDate(order.createdAt)} ·{' '}
        <span className="order-status" data-status={order.status}>
          {order.statusLabel}
        </span>
      </p>
      <PayState order={order} pay={pay} />
      <h2>Items</h2>
      <ul className="tracked-lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            <img
              src={staticAsset(line.imageUrl ?? '/static/parts/placeholder.svg')}
              alt=""
              width="48"
              height="48"
              loading="lazy"
            />{' '}
            {line.quantity} x {line.title} <small>{line.partNumber}</small>
          </li>
        ))}
      </ul>
      <h2>Order summary</h2>
      <OrderTotals order={order} />
      <p>
        <a href={trackHref}>Track this order</a>
      </p>
    </section>
  );
}

/** What the tracking page's "Pay for this order" answers: the link was emailed, or why it was not. */
export function PayLinkPage({ message, sent, trackHref }: { message: string; sent: boolean; trackHref: string }) {
  return (
    <section className="order-page order-pay-link">
      <h1>Pay for your order</h1>
      <p role={sent ? 'status' : 'alert'} className={sent ? undefined : 'form-error'} data-pay-link-sent={String(sent)}>
        {message}
      </p>
      <p>
        <a href={trackHref}>Back to your order</a>
      </p>
    </section>
  );
}
