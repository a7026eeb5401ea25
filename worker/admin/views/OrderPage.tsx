import { formatMoney } from '../../../shared/money.ts';
import { ORDER_STATUS_LABEL, type OrderStatus } from '../../../shared/orders.ts';
import type { orderForStaff } from '../orders.ts';
import { placedAt } from './OrdersPage.tsx';

type Loaded = NonNullable<Awaited<ReturnType<typeof orderForStaff>>>;

const eventLabel = (status: string) => ORDER_STATUS_LABEL[status as OrderStatus] ?? status;

function Amounts({ order }: { order: Loaded['order'] }) {
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  const rows: [string, string][] = [
    ['Subtotal', money(order.subtotal)],
    ...order.adjustments.map((adjustment): [string, string] => [
      `${adjustment.name} (${adjustment.reason})`,
      money(-adjustment.amount),
    ]),
    // Gross: a shipping discount is one of the adjustments above.
    [`Shipping (${order.shippingName})`, money(order.shipping)],
    ...order.taxes.map((tax): [string, string] => [`${tax.name} ${tax.rateLabel}`, money(tax.amount)]),
    ...(order.pointsUsed > 0 ? [[`Points (${order.pointsUsed})`, money(-order.points)] as [string, string]] : []),
    ['Total', money(order.total)],
  ];
  return (
    <table aria-label="Amounts">
      <tbody>
        {rows.map(([label, amount]) => (
          <tr key={label}>
            <th>{label}</th>
            <td className="num">{amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One order, read-only: lines, amounts, payment, ship-to address and the status timeline. */
export function OrderPage({ order, payment }: Loaded) {
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  const address = order.address;
  return (
    <section>
      <p>
        <a href="/admin/orders">All orders</a>
      </p>
      <h1>{`Order ${order.orderId}`}</h1>
      <p className="panel">
        {[order.statusLabel, order.market.toUpperCase(), `placed ${placedAt(order.createdAt)} UTC`, order.email].join(
          ' · ',
        )}
      </p>
      <h2>Lines</h2>
      <div className="table-scroll">
        <table aria-label="Lines">
          <thead>
            <tr>
              <th>Part</th>
              <th>Part number</th>
              <th className="num">Qty</th>
              <th className="num">Unit price</th>
              <th className="num">Discount</th>
              <th className="num">Line total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.lineNo}>
                <td>{line.title}</td>
                <td>{line.partNumber}</td>
                <td className="num">{line.quantity}</td>
                <td className="num">{money(line.unitPrice)}</td>
                <td className="num">{money(-line.discount)}</td>
                <td className="num">{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Amounts</h2>
      <Amounts order={order} />
      <h2>Payment</h2>
      <p className="panel" data-testid="payment">
        {payment
          ? `${payment.method} via ${payment.provider} · ${payment.status} · ${money(payment.amountCent)} ` +
            `(captured ${money(payment.capturedCent)})${payment.cardLast4 ? ` · card ending ${payment.cardLast4}` : ''}`
          : 'No payment yet.'}
      </p>
      <h2>Ship to</h2>
      <p className="panel">
        {[
          `${address.firstName} ${address.lastName}`,
          address.addressLine1,
          address.addressLine2,
          address.city,
          `${address.regionCode} ${address.postalCode}`,
        ]
          .filter(Boolean)
          .join(', ') + ` · ${address.phone}`}
      </p>
      <h2>Timeline</h2>
      <ol className="panel" aria-label="Timeline">
        {order.events.map((event, index) => (
          <li key={`${event.createdAt}-${index}`}>
            {`${placedAt(event.createdAt)} UTC · ${eventLabel(event.status)}${event.note ? ` · ${event.note}` : ''}`}
          </li>
        ))}
      </ol>
    </section>
  );
}
