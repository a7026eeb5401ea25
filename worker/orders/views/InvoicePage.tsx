import * as m from '../../../shared/i18n/generated/messages.js';
import { orderStatusName } from '../../../shared/order-status-words.ts';
import type { OrderView } from '../../../shared/orders.ts';
import type { ShopSettings } from '../../../shared/settings.ts';
import { exemptionMention, type OrderExemption } from '../../../shared/tax-exemptions.ts';
import { SellerTaxNumbers } from './invoice-parts.tsx';
import { AddressBlock, detailHref, OrderLineTable, OrderTotals, orderDate, spoken } from './order-parts.tsx';

/** The printable invoice (§2 /printInvoice), and the page that says how to reach one. */

const HISTORY = '/myAccount?type=orderHistory';

/** /printInvoice without a way in: how to get one (the confirmation email's link, or signing in). */
export function InvoiceLookupPage({ error, signedIn }: { error: string | null; signedIn: boolean }) {
  return (
    <section className="order-page invoice-lookup">
      <h1>{m.order_print_invoice()}</h1>
      {/* The invoice shows the ship-to address and phone, so the order number and email are not enough. */}
      <p>{m.order_invoice_how()}</p>
      {error && (
        <p className="form-error" role="alert">
          {spoken(error)}
        </p>
      )}
      {signedIn && (
        <p>
          <a href={HISTORY}>{m.order_open_from_history()}</a>
        </p>
      )}
    </section>
  );
}

/** Why no tax was charged: the certificate, its number kept on one line (a number cut at its hyphen misreads). */
function ExemptionNote({ exemption }: { exemption: OrderExemption }) {
  const text = exemptionMention(exemption);
  const at = text.indexOf(exemption.number);
  return (
    <p className="invoice__note invoice__exemption" data-tax-exemption="">
      <strong>
        {at < 0 ? (
          text
        ) : (
          <>
            {text.slice(0, at)}
            <span>{exemption.number}</span>
            {text.slice(at + exemption.number.length)}
          </>
        )}
      </strong>
    </p>
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
          {m.invoice_print()}
        </button>
        {memberView && <a href={detailHref(order.orderId)}>{m.order_back_to_order()}</a>}
      </p>
      <header className="invoice__head">
        <div className="invoice__shop">
          <h1>{settings.SHOP_NAME}</h1>
          {settings.COMPANY_ADDRESS && <p>{settings.COMPANY_ADDRESS}</p>}
          {settings.COMPANY_PHONE && <p>{m.invoice_phone({ phone: settings.COMPANY_PHONE })}</p>}
          {shopEmail && <p>{m.invoice_email({ email: shopEmail })}</p>}
          <SellerTaxNumbers order={order} settings={settings} />
        </div>
        <dl className="invoice__facts">
          <div>
            <dt>{m.invoice_for_order()}</dt>
            <dd>{order.orderId}</dd>
          </div>
          <div>
            <dt>{m.invoice_order_date()}</dt>
            <dd>{orderDate(order.createdAt)}</dd>
          </div>
          {order.paidAt !== null && (
            <div>
              <dt>{m.invoice_paid()}</dt>
              <dd>{orderDate(order.paidAt)}</dd>
            </div>
          )}
          <div>
            <dt>{m.invoice_status()}</dt>
            <dd>{orderStatusName(order.status)}</dd>
          </div>
        </dl>
      </header>
      <div className="invoice__parties">
        <section>
          <h2>{m.invoice_bill_to()}</h2>
          <p>
            {order.address.firstName} {order.address.lastName}
            <br />
            {order.email}
          </p>
        </section>
        <section>
          <h2>{m.invoice_ship_to()}</h2>
          <AddressBlock address={order.address} />
          <p>{order.shippingName}</p>
        </section>
      </div>
      <OrderLineTable order={order} images={false} />
      <OrderTotals order={order} />
      {exemption && <ExemptionNote exemption={exemption} />}
      <p className="invoice__note">{order.currency === 'CAD' ? m.invoice_amounts_cad() : m.invoice_amounts_usd()}</p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />
    </article>
  );
}
