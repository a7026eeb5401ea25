import { formatMoney } from '../../../shared/money.ts';
import { ORDER_STATUS_LABEL, type OrderStatus } from '../../../shared/order-status.ts';
import { CsrfField } from './CsrfField.tsx';
import { AddressForm, CancelForm, type LoadedOrder, OrderNotes, RefundForm, ShipForm } from './OrderForms.tsx';
import { placedAt } from './OrdersPage.tsx';
import { orderReceipt, receiptRows } from '../../../shared/receipt.ts';
import { OrderTax } from './OrderTax.tsx';
import { ProviderMoney } from './ProviderMoney.tsx';
import type { OrderTaxForStaff } from '../../tax/staff.ts';

type Loaded = LoadedOrder;

/** Which of the order page's forms the signed-in staff member's role may use. */
export interface OrderPermissions {
  ship: boolean;
  refund: boolean;
  cancel: boolean;
  editAddress: boolean;
  note: boolean;
}

const eventLabel = (status: string) => ORDER_STATUS_LABEL[status as OrderStatus] ?? status;

function Amounts({ order }: { order: Loaded['order'] }) {
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  // The shopper's receipt, each reason beside its discount and the points counted.
  const rows = receiptRows(orderReceipt(order), { pointsInLabel: true });
  return (
    <table aria-label="Amounts">
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <th>{row.detail ? `${row.label} (${row.detail})` : row.label}</th>
            <td className="num">{money(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "2 x PN-1, 1 x PN-2" for a shipment's or refund's lines. */
function unitsOf(order: Loaded['order'], lines: { lineNo: number; quantity: number }[]) {
  const part = (lineNo: number) => order.lines.find((line) => line.lineNo === lineNo)?.partNumber ?? `line ${lineNo}`;
  return lines.map((line) => `${line.quantity} x ${part(line.lineNo)}`).join(', ');
}

function Shipments({ order, csrf, canDeliver }: { order: Loaded['order']; csrf: string; canDeliver: boolean }) {
  if (order.shipments.length === 0) return <p className="panel">Nothing has shipped yet.</p>;
  return (
    <ul className="panel" aria-label="Shipments">
      {order.shipments.map((shipment) => (
        <li key={shipment.id} data-shipment={shipment.id}>
          {`${placedAt(shipment.shippedAt)} UTC · ${shipment.carrierName} `}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} rel="noreferrer" target="_blank">
              {shipment.trackingNumber}
            </a>
          ) : (
            shipment.trackingNumber
          )}
          {` · ${unitsOf(order, shipment.lines)} · `}
          {shipment.deliveredAt !== null ? (
            `delivered ${placedAt(shipment.deliveredAt)} UTC`
          ) : !canDeliver ? (
            'not delivered yet'
          ) : (
            <form method="post" action={`/admin/orders/${order.orderId}/shipments/${shipment.id}/delivered`}>
              <CsrfField value={csrf} />
              <button type="submit" className="link">
                Mark delivered
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}

function Payments({ loaded }: { loaded: Loaded }) {
  const { order, payments } = loaded;
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  if (payments.length === 0) return <p className="panel">No payment yet.</p>;
  return (
    <ul className="panel" aria-label="Payments" data-testid="payment">
      {payments.map((payment) => (
        <li key={payment.id}>
          {`${placedAt(payment.createdAt)} UTC · ${payment.method} via ${payment.provider} · ${payment.status} · ` +
            `${money(payment.amountCent)} (captured ${money(payment.capturedCent)})` +
            `${payment.cardLast4 ? ` · card ending ${payment.cardLast4}` : ''}`}
          {/* What to look the payment up by in the provider's own dashboard. */}
          {(payment.providerTxnRef ?? payment.providerRef) && (
            <small data-provider-ref="">
              {` · at ${payment.provider}: ${payment.providerTxnRef ?? payment.providerRef}`}
            </small>
          )}
          {payment.refunds.length > 0 && (
            <ul>
              {payment.refunds.map((refund) => (
                <li key={refund.id}>
                  {`Refunded ${money(refund.amountCent)} on ${placedAt(refund.createdAt)} UTC` +
                    `${refund.reason ? ` (${refund.reason.replace(/_/g, ' ')})` : ''}`}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function Refunds({ order }: { order: Loaded['order'] }) {
  if (order.refunds.length === 0) return null;
  const money = (cent: number) => formatMoney({ cent, currency: order.currency });
  return (
    <>
      <h2>Refunds</h2>
      <ul className="panel" aria-label="Refunds">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            {[
              `${placedAt(refund.createdAt)} UTC`,
              money(refund.amount),
              refund.status === 'DONE' ? null : refund.status.toLowerCase(),
              refund.lines.length > 0 ? unitsOf(order, refund.lines) : null,
              refund.shipping > 0 ? 'with shipping' : null,
              refund.pointsTaken > 0 ? `${refund.pointsTaken} points taken back` : null,
              refund.reason,
            ]
              .filter(Boolean)
              .join(' · ')}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One order: lines, amounts, payments and refunds, shipments, address, timeline, and what staff can do. */
export function OrderPage({
  loaded,
  csrf,
  may,
  notice,
  error,
  returns = [],
  tax = null,
}: {
  loaded: Loaded;
  csrf: string;
  may: OrderPermissions;
  notice?: string;
  error?: string;
  /** The order's returns, for staff who may see them. */
  returns?: readonly { rma: string; statusLabel: string; reason: string }[];
  /** The order's sales tax with the tax service (null: placed before the tax ledger). */
  tax?: OrderTaxForStaff | null;
}) {
  const { order } = loaded;
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
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
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
      {order.vehicle && <p className="panel">{`Vehicle chosen at purchase: ${order.vehicle.name}`}</p>}
      {returns.length > 0 && (
        <>
          <h2>Returns</h2>
          <ul className="panel" aria-label="Returns">
            {returns.map((row) => (
              <li key={row.rma}>
                <a href={`/admin/returns/${encodeURIComponent(row.rma)}`}>{row.rma}</a>
                {` · ${row.statusLabel} · ${row.reason}`}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Amounts</h2>
      <Amounts order={order} />
      <OrderTax tax={tax} currency={order.currency} />
      <h2>Payments</h2>
      <Payments loaded={loaded} />
      <Refunds order={order} />
      <ProviderMoney {...loaded.providerMoney} />
      <h2>Shipments</h2>
      <Shipments order={order} csrf={csrf} canDeliver={may.ship} />
      {may.ship && <ShipForm loaded={loaded} csrf={csrf} />}
      {may.refund && <RefundForm loaded={loaded} csrf={csrf} />}
      {may.cancel && <CancelForm loaded={loaded} csrf={csrf} />}
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
      {may.editAddress && <AddressForm loaded={loaded} csrf={csrf} />}
      <OrderNotes loaded={loaded} csrf={csrf} canWrite={may.note} />
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
