import type { OrderView } from '../../../shared/orders.ts';
import type { ShopSettings } from '../../../shared/settings.ts';
import { exemptionMention, type OrderExemption } from '../../../shared/tax-exemptions.ts';
import { SellerTaxNumbers } from './invoice-parts.tsx';
import { AddressBlock, detailHref, OrderLineTable, OrderTotals, orderDate } from './order-parts.tsx';

/** The printable invoice (§2 /printInvoice), and the page that says how to reach one. */

const HISTORY = '/myAccount?type=orderHistory';

/** How to reach an invoice: it shows the ship-to address and phone, so the order number and email are not enough. */
const INVOICE_HOW = 'Open the link in your order confirmation email, or sign in to print it from your order history.';

/** /printInvoice without a way in: how to get one (the confirmation email's link, or signing in). */
export function InvoiceLookupPage({ error, signedIn }: { error: string | null; signedIn: boolean }) {
  return (
    <section className="order-page invoice-lookup">
      <h1>Print invoice</h1>
      <p>{INVOICE_HOW}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {signedIn && (
        <p>
          <a href={HISTORY}>Open an order from your order history</a>
        </p>
      )}
    </section>
  );
}

// window.print() needs a click handler; there is no island for one small button.
const PRINT_SCRIPT = "document.querySelector('[data-print]')?.addEventListener('click',function(){window.print()})";

/** A clean printable invoice: the shop's details, the order, bill and ship to, lines and every money row. */
export function InvoicePage({
  order,
  settings,
  memberView,
  exemption,
  nonce,
}: {
  order: OrderView;
  settings: ShopSettings;
  memberView: boolean;
  /** The certificate the order was sold tax exempt under, if any. */
  exemption: OrderExemption | null;
  /** The response's CSP nonce: the print button's inline script carries it. */
  nonce: string;
}) {
  const shopEmail = settings.COMPANY_EMAIL_1 || settings.COMPANY_EMAIL_2;
  return (
    <article className="invoice" data-order-id={order.orderId}>
      <p className="invoice__actions">
        <button className="button" type="button" data-print="">
          Print
        </button>
        {memberView && <a href={detailHref(order.orderId)}>Back to the order</a>}
      </p>
      <header className="invoice__head">
        <div className="invoice__shop">
          <h1>{settings.SHOP_NAME}</h1>
          {settings.COMPANY_ADDRESS && <p>{settings.COMPANY_ADDRESS}</p>}
          {settings.COMPANY_PHONE && <p>Phone {settings.COMPANY_PHONE}</p>}
          {shopEmail && <p>Email {shopEmail}</p>}
          <SellerTaxNumbers order={order} settings={settings} />
        </div>
        <dl className="invoice__facts">
          <div>
            <dt>Invoice for order</dt>
            <dd>{order.orderId}</dd>
          </div>
          <div>
            <dt>Order date</dt>
            <dd>{orderDate(order.createdAt)}</dd>
          </div>
          {order.paidAt !== null && (
            <div>
              <dt>Paid</dt>
              <dd>{orderDate(order.paidAt)}</dd>
            </div>
          )}
          <div>
            <dt>Status</dt>
            <dd>{order.statusLabel}</dd>
          </div>
        </dl>
      </header>
      <div className="invoice__parties">
        <section>
          <h2>Bill to</h2>
          <p>
            {order.address.firstName} {order.address.lastName}
            <br />
            {order.email}
          </p>
        </section>
        <section>
          <h2>Ship to</h2>
          <AddressBlock address={order.address} />
          <p>{order.shippingName}</p>
        </section>
      </div>
      <OrderLineTable order={order} images={false} />
      <OrderTotals order={order} />
      {exemption && (
        <p className="invoice__note invoice__exemption" data-tax-exemption="">
          <strong>{exemptionMention(exemption)}</strong>
        </p>
      )}
      <p className="invoice__note">
        All amounts in {order.currency === 'CAD' ? 'Canadian dollars (CAD)' : 'US dollars (USD)'}.
      </p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />
    </article>
  );
}
