import type { ReactNode } from 'react';
import { ORDER_TIME_FILTERS, type OrderView } from '../../../shared/orders.ts';
import { ORDER_STATUSES } from '../../../shared/order-status.ts';
import { orderStatusName, orderTimeFilterName } from '../../../shared/order-status-words.ts';
import * as m from '../../../shared/i18n/generated/messages.js';
import { paymentMethodLabel } from '../../../shared/payment-methods.ts';
import { STANDARD_SHIPPING } from '../../../shared/shipping.ts';
import type { OrderHistoryData, TrackedOrder } from '../schemas.ts';

export type { OrderHistoryData, OrderHistoryEntry } from '../schemas.ts';
import {
  AddressBlock,
  detailHref,
  invoiceHref,
  money,
  OrderActionsFor,
  OrderEvents,
  OrderShipments,
  OrderLineTable,
  OrderPoints,
  OrderTotals,
  orderDate,
  spoken,
} from './order-parts.tsx';
import { PayForOrder, type PayOptions } from './pay-parts.tsx';
import { staticAsset } from '../../platform/build-info.ts';

const HISTORY = '/myAccount?type=orderHistory';
const trackHref = (order: Pick<OrderView, 'orderId' | 'email'>) =>
  `/order/track?${new URLSearchParams({ orderNo: order.orderId, email: order.email })}`;

/** One order of the member, on a page without the standard layout (§2): its own way back. */
export function OrderDetailPage({
  order,
  pay,
  returns = null,
}: {
  order: OrderView;
  pay: PayOptions;
  /** The order's returns section (the returns domain draws it). */
  returns?: ReactNode;
}) {
  return (
    <section className="order-page order-detail" data-order-id={order.orderId}>
      <a className="logo logo--dark" href={HISTORY}>
        {m.order_back_to_history()}
      </a>
      <h1>{m.order_detail_heading({ orderId: order.orderId })}</h1>
      <p className="order-meta">
        {m.order_placed_on({ date: orderDate(order.createdAt) })} ·{' '}
        <span className={`order-status order-status--${order.status.toLowerCase()}`} data-status={order.status}>
          {orderStatusName(order.status)}
        </span>
      </p>
      <p className="order-actions">
        <a className="button" href={invoiceHref(order.orderId)}>
          {m.order_print_invoice()}
        </a>{' '}
        <a href={trackHref(order)}>{m.order_track_this()}</a>
      </p>
      <PayForOrder order={order} pay={pay} />
      <OrderActionsFor order={order} />
      {returns}
      <h2>{m.order_items_heading()}</h2>
      <OrderLineTable order={order} />
      <div className="order-columns">
        <section>
          <h2>{m.order_summary_heading()}</h2>
          <OrderTotals order={order} />
          <OrderPoints order={order} />
        </section>
        <section>
          <h2>{m.order_shipping_to()}</h2>
          <AddressBlock address={order.address} />
          <p>{m.order_shipping_method({ name: order.shippingName || STANDARD_SHIPPING })}</p>
          {order.paymentMethod && <p>{m.order_payment_line({ method: paymentMethodLabel(order.paymentMethod) })}</p>}
        </section>
      </div>
      {order.shipments.length > 0 && <h2>{m.order_shipments_heading()}</h2>}
      <OrderShipments shipments={order.shipments} lines={order.lines} />
      <h2>{m.order_events_heading()}</h2>
      <OrderEvents events={order.events} />
    </section>
  );
}

/** An order the visitor may not see reads the same as one that does not exist. */
export function OrderMissing({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <section className="order-page order-missing">
      <a className="logo logo--dark" href={HISTORY}>
        {m.order_back_to_history()}
      </a>
      <h1>{m.order_not_found_heading()}</h1>
      <p role="alert">{spoken(message)}</p>
      {children}
    </section>
  );
}

/** The order number and email form; a plain GET so it works without JavaScript. */
function LookupForm({
  action,
  numberName,
  orderNo,
  email,
  submit,
}: {
  action: string;
  numberName: string;
  orderNo: string;
  email: string;
  submit: string;
}) {
  return (
    <form className="order-lookup" method="get" action={action} data-form="order-lookup">
      <label>
        {m.order_number_label()}{' '}
        <input name={numberName} defaultValue={orderNo} required maxLength={40} autoComplete="off" />
      </label>
      <label>
        {m.order_email_label()}{' '}
        <input name="email" type="email" defaultValue={email} required maxLength={128} autoComplete="email" />
      </label>
      <button className="button" type="submit">
        {submit}
      </button>
    </form>
  );
}

/** Public tracking (§2 /order/track): the form, and what it found. */
export function TrackOrderPage({
  orderNo,
  email,
  tracked,
  error,
  pay,
  returns = null,
}: {
  orderNo: string;
  email: string;
  tracked: TrackedOrder | null;
  error: string | null;
  pay?: PayOptions;
  /** The order's returns section (the returns domain draws it). */
  returns?: ReactNode;
}) {
  return (
    <section className="order-page order-track">
      <h1>{m.order_track_heading()}</h1>
      <p>{m.order_track_intro()}</p>
      <LookupForm
        action="/order/track"
        numberName="orderNo"
        orderNo={orderNo}
        email={email}
        submit={m.order_track_button()}
      />
      {error && (
        <p className="form-error" role="alert">
          {spoken(error)}
        </p>
      )}
      {tracked && (
        <article className="tracked-order" data-order-id={tracked.orderId}>
          <h2>{m.order_detail_heading({ orderId: tracked.orderId })}</h2>
          <p className="order-meta">
            {m.order_placed_on({ date: orderDate(tracked.createdAt) })} ·{' '}
            <span className="order-status" data-status={tracked.status}>
              {orderStatusName(tracked.status)}
            </span>
            {tracked.shippingName && <> · {tracked.shippingName}</>}
          </p>
          {pay && <PayForOrder order={tracked} pay={pay} />}
          {returns}
          <OrderShipments shipments={tracked.shipments} lines={tracked.lines} />
          <OrderEvents events={tracked.events} />
          <ul className="tracked-lines">
            {tracked.lines.map((line, index) => (
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
          <p>
            <a href={invoiceHref(tracked.orderId, email)}>{m.order_print_invoice()}</a>
          </p>
        </article>
      )}
    </section>
  );
}

const FIRST_IMAGES = 4;

/** The history's address for a page, keeping the filters. */
function historyHref(data: OrderHistoryData, page: number): string {
  const query = new URLSearchParams({ type: 'orderHistory' });
  if (data.status) query.set('status', data.status);
  if (data.time) query.set('time', data.time);
  if (page > 1) query.set('page', String(page));
  return `/myAccount?${query}`;
}

/**
 * The member's orders (§2 /myAccount?type=orderHistory): §3 status and time filters, newest
 * first, a page at a time.
 */
export function OrderHistory({ data }: { data: OrderHistoryData }) {
  const pages = Math.max(1, Math.ceil(data.total / data.size));
  return (
    <div className="order-history" data-order-total={data.total}>
      <form className="order-filters" method="get" action="/myAccount">
        <input type="hidden" name="type" value="orderHistory" />
        <label>
          {m.order_history_status()}{' '}
          <select name="status" defaultValue={data.status ?? ''}>
            <option value="">{m.order_history_all_statuses()}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusName(status)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {m.order_history_placed()}{' '}
          <select name="time" defaultValue={data.time ?? ''}>
            {ORDER_TIME_FILTERS.map((time) => (
              <option key={time.label} value={time.value === null ? '' : String(time.value)}>
                {orderTimeFilterName(time.value)}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="submit">
          {m.order_history_show()}
        </button>
      </form>
      {data.list.length === 0 && (
        <p className="order-history__empty">
          {data.status || data.time ? m.order_history_none_match() : m.order_history_empty()}
        </p>
      )}
      <ul className="order-cards">
        {data.list.map((order) => (
          <li key={order.orderId} className="order-card" data-order-id={order.orderId}>
            <div className="order-card__head">
              <strong>{m.order_history_order({ orderId: order.orderId })}</strong>
              <span>{orderDate(order.createdAt)}</span>
              <span className={`order-status order-status--${order.status.toLowerCase()}`} data-status={order.status}>
                {orderStatusName(order.status)}
              </span>
              <span className="order-card__total">{money(order.total, order.currency)}</span>
            </div>
            <ul className="order-card__images">
              {order.lines.slice(0, FIRST_IMAGES).map((line, index) => (
                <li key={index}>
                  <img
                    src={staticAsset(line.imageUrl ?? '/static/parts/placeholder.svg')}
                    alt={line.title}
                    title={`${line.quantity} x ${line.title}`}
                    width="64"
                    height="64"
                    loading="lazy"
                    data-retry=""
                  />
                </li>
              ))}
            </ul>
            <p className="order-card__links">
              <a href={detailHref(order.orderId)}>{m.order_history_details()}</a>{' '}
              <a href={invoiceHref(order.orderId)}>{m.order_history_invoice()}</a>
            </p>
            <OrderActionsFor order={order} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="pager" aria-label={m.order_history_pages()}>
          {data.page > 1 && (
            <a href={historyHref(data, data.page - 1)} rel="prev">
              {m.order_history_previous()}
            </a>
          )}
          <span>{m.order_history_page_of({ page: Math.min(data.page, pages), pages })}</span>
          {data.page < pages && (
            <a href={historyHref(data, data.page + 1)} rel="next">
              {m.order_history_next()}
            </a>
          )}
        </nav>
      )}
    </div>
  );
}
