import type { OrderView } from '../../../shared/orders.ts';
import type { ShopSettings } from '../../../shared/settings.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/**
 * The seller's sales-tax registration numbers on a Canadian invoice (from the shop settings): a buyer
 * needs them to claim input tax credits for GST/HST and input tax refunds for QST. US orders show none.
 */
export function SellerTaxNumbers({ order, settings }: { order: Pick<OrderView, 'market'>; settings: ShopSettings }) {
  if (order.market !== 'ca') return null;
  const numbers = [
    { label: m.gst_hst_number(), value: settings.GST_HST_REGISTRATION_NUMBER },
    { label: m.qst_number(), value: settings.QST_REGISTRATION_NUMBER },
  ].filter((number) => number.value);
  if (numbers.length === 0) return null;
  return (
    <dl className="invoice__tax-numbers" data-tax-registrations="">
      {numbers.map((number) => (
        <div key={number.label}>
          <dt>{number.label}</dt>
          <dd>{number.value}</dd>
        </div>
      ))}
    </dl>
  );
}
