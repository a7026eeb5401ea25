import type { OrderView } from '../../../shared/orders.ts';
import { staticAsset } from '../../platform/build-info.ts';
import { OrderTotals, orderDate } from './order-parts.tsx';
import { PayForOrder, type PayOptions } from './pay-parts.tsx';
import * as m from '../../../shared/i18n/generated/messages.js';

/** Where the order stands for paying: still payable, paid, or cancelled (its hold ended or it was cancelled). */
function PayState({ order, pay }: { order: OrderView; pay: PayOptions }) {
  if (order.status === 'PAYMENT_PENDING') return <PayForOrder order={order} pay={pay} />;
  if (order.status === 'CANCELLED')
    return (
      <p className="order-unpaid" data-pay-state="cancelled">
        {m.order_pay_cancelled()}
      </p>
    );
  return (
    <p className="order-paid" role="status" data-pay-state="paid">
      {m.order_pay_paid()}
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
      <h1>{m.order_pay_heading({ orderId: order.orderId })}</h1>
      <p className="order-meta">
        {m.order_placed_on({ date: orderDate(order.createdAt) })} ·{' '}
        <span className="order-status" data-status={order.status}>
          {order.statusLabel}
        </span>
      </p>
      <PayState order={order} pay={pay} />
      <h2>{m.items()}</h2>
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
      <h2>{m.order_summary_heading()}</h2>
      <OrderTotals order={order} />
      <p>
        <a href={trackHref}>{m.order_track_this()}</a>
      </p>
    </section>
  );
}

/** What the tracking page's "Pay for this order" answers: the link was emailed, or why it was not. */
export function PayLinkPage({ message, sent, trackHref }: { message: string; sent: boolean; trackHref: string }) {
  return (
    <section className="order-page order-pay-link">
      <h1>{m.email_pay_label()}</h1>
      <p role={sent ? 'status' : 'alert'} className={sent ? undefined : 'form-error'} data-pay-link-sent={String(sent)}>
        {message}
      </p>
      <p>
        <a href={trackHref}>{m.order_back_to_order()}</a>
      </p>
    </section>
  );
}
