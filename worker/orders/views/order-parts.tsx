import OrderActions from '../../../client/islands/OrderActions.tsx';
import { marketById } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { OrderView } from '../../../shared/orders.ts';
import * as m from '../../../shared/i18n/generated/messages.js';
import { orderStatusName } from '../../../shared/order-status-words.ts';
import { ORDER_STATUSES, type OrderStatus, REMOVABLE_STATUSES } from '../../../shared/order-status.ts';
import { orderReceipt, receiptRows } from '../../../shared/receipt.ts';
import { Island } from '../../platform/render/Island.tsx';
import { staticAsset } from '../../platform/build-info.ts';
import { formatDay } from '../../../shared/i18n/format.ts';
import { currentLocale } from '../../../shared/i18n/current.ts';
import { inFrench } from '../../platform/translate-message.ts';

/** Pieces the order detail, invoice, tracking and history pages share. */

/** A message of the shop's (ORDER_MSG and the like) in the page's language, where the catalogue holds it. */
export const spoken = (message: string): string => (currentLocale() === 'fr' ? inFrench(message) : message);

const PLACEHOLDER = '/static/parts/placeholder.svg';

/** Dates as the shopper reads them on an order: "Nov 21, 2026". */
export function orderDate(ms: number): string {
  return formatDay(ms);
}

export const money = (cent: number, currency: OrderView['currency']) => formatMoney({ cent, currency });

/** An event's status in the page's language; an event that is not an order status (a note) reads as written. */
export function statusLabel(status: string): string {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? orderStatusName(status as OrderStatus) : status;
}

export const detailHref = (orderId: string) =>
  `/myAccount/orderHistory/orderDetail?${new URLSearchParams({ orderId })}`;
export const invoiceHref = (orderId: string, email?: string) =>
  `/printInvoice?${new URLSearchParams(email ? { orderId, email } : { orderId })}`;

/** The ship-to address, one line each, with its country. */
export function AddressBlock({ address }: { address: OrderView['address'] }) {
  return (
    <address className="order-address">
      {address.firstName} {address.lastName}
      <br />
      {address.addressLine1}
      <br />
      {address.addressLine2 && (
        <>
          {address.addressLine2}
          <br />
        </>
      )}
      {address.city}, {address.regionCode} {address.postalCode}
      <br />
      {marketById(address.market).country.name}
      {address.phone && (
        <>
          <br />
          {address.phone}
        </>
      )}
    </address>
  );
}

/** The parts of an order with quantity, unit price and line total; images where the page has room. */
export function OrderLineTable({
  order,
  images = true,
}: {
  order: Pick<OrderView, 'lines' | 'currency'>;
  images?: boolean;
}) {
  return (
    <table className="order-lines">
      <thead>
        <tr>
          <th scope="col">{m.order_col_item()}</th>
          <th scope="col">{m.order_col_qty()}</th>
          <th scope="col">{m.order_col_unit()}</th>
          <th scope="col">{m.order_col_total()}</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.lineNo} data-line={line.lineNo}>
            <td className="order-lines__item">
              {images && (
                <img
                  src={staticAsset(line.imageUrl ?? PLACEHOLDER)}
                  alt=""
                  width="64"
                  height="64"
                  loading="lazy"
                  data-retry=""
                />
              )}
              <span>
                {line.urlHandle ? <a href={`/product/${line.urlHandle}`}>{line.title}</a> : line.title}
                <small>{m.order_part_number({ partNumber: line.partNumber })}</small>
              </span>
            </td>
            <td>{line.quantity}</td>
            <td>{money(line.unitPrice, order.currency)}</td>
            <td>{money(line.total, order.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, every discount with its reason, shipping, each tax line, points and the total. */
export function OrderTotals({ order }: { order: OrderView }) {
  return (
    <dl className="order-totals">
      {receiptRows(orderReceipt(order)).map((row, index) => (
        <div
          key={index}
          className={row.kind === 'total' ? 'order-totals__total' : undefined}
          data-total-row={row.kind === 'total' ? 'total' : undefined}
        >
          <dt>
            {row.label}
            {row.detail && <small>{row.detail}</small>}
          </dt>
          <dd>{money(row.amount, order.currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The points the order earned and the points spent on it with what they took off (issue 21); nothing when none. */
export function OrderPoints({ order }: { order: OrderView }) {
  if (order.pointsEarned <= 0 && order.pointsUsed <= 0) return null;
  return (
    <div className="order-points" data-order-points>
      {order.pointsEarned > 0 && (
        <p data-points-earned={order.pointsEarned}>{m.order_points_earned({ points: order.pointsEarned })}</p>
      )}
      {order.pointsUsed > 0 && (
        <p data-points-used={order.pointsUsed}>
          {m.order_points_used({ points: order.pointsUsed, amount: money(order.points, order.currency) })}
        </p>
      )}
    </div>
  );
}

/** The order's history as the shopper sees it, oldest first. */
export function OrderEvents({ events }: { events: OrderView['events'] }) {
  return (
    <ol className="order-events">
      {events.map((event, index) => (
        <li key={index}>
          <strong>{statusLabel(event.status)}</strong>{' '}
          <time dateTime={new Date(event.createdAt).toISOString()}>{orderDate(event.createdAt)}</time>
          {event.note && <span> · {event.note}</span>}
        </li>
      ))}
    </ol>
  );
}

const shipmentState = (deliveredAt: number | null) =>
  deliveredAt === null ? m.order_shipment_shipped() : m.order_shipment_delivered();

/** What has shipped: carrier, tracking number linked to the carrier's page, the parts and delivery. */
export function OrderShipments({
  shipments,
  lines,
}: {
  shipments: OrderView['shipments'];
  lines: { lineNo: number; title: string }[];
}) {
  if (shipments.length === 0) return null;
  const title = (lineNo: number) => lines.find((line) => line.lineNo === lineNo)?.title ?? '';
  return (
    <ul className="order-shipments" aria-label={m.order_shipments_heading()}>
      {shipments.map((shipment) => (
        <li key={shipment.id} data-shipment={shipment.id}>
          <strong>{shipmentState(shipment.deliveredAt)}</strong>{' '}
          <time dateTime={new Date(shipment.shippedAt).toISOString()}>{orderDate(shipment.shippedAt)}</time>
          {` · ${shipment.carrierName} `}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} rel="noreferrer noopener" target="_blank">
              {shipment.trackingNumber}
            </a>
          ) : (
            shipment.trackingNumber
          )}
          <span className="order-shipments__parts">
            {shipment.lines.map((line) => `${line.quantity} x ${title(line.lineNo)}`).join(', ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Cancel while processing, or remove a cancelled or refunded order from the history (an island). */
export function OrderActionsFor({
  order,
}: {
  order: Pick<OrderView, 'orderId' | 'status' | 'cancellable' | 'total' | 'currency'>;
}) {
  const props = {
    orderId: order.orderId,
    cancellable: order.cancellable,
    removable: REMOVABLE_STATUSES.includes(order.status),
    total: money(order.total, order.currency),
  };
  return <Island name="OrderActions" component={OrderActions} props={props} />;
}
