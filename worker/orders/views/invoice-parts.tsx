import type { OrderView } from '../../../shared/orders.ts';
import type { ShopSettings } from '../../../shared/settings.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** A province's sales tax registration, printed when that province's PST was charged on the order. */
const PST_NUMBER_LABEL: Readonly<Record<string, () => string>> = {
  BC: m.pst_number_bc,
  MB: m.pst_number_mb,
  SK: m.pst_number_sk,
};

/**
 * The seller's sales-tax registration numbers on a Canadian invoice (from the registrations the
 * back office keeps, else the older settings): a buyer needs them to claim input tax credits for
 * GST/HST and input tax refunds for QST; a province's PST number shows where its PST was charged.
 * US orders show none.
 */
export function SellerTaxNumbers({
  order,
  settings,
}: {
  order: Pick<OrderView, 'market' | 'address' | 'taxes'>;
  settings: ShopSettings;
}) {
  if (order.market !== 'ca') return null;
  const registered = settings.TAX_REGISTRATIONS.ca;
  const province = order.address.regionCode;
  const pstCharged = order.taxes.some((tax) => tax.name === 'PST' && tax.amount > 0);
  const numbers = [
    { label: m.gst_hst_number(), value: registered['GST/HST']?.number || settings.GST_HST_REGISTRATION_NUMBER },
    { label: m.qst_number(), value: registered.QST?.number || settings.QST_REGISTRATION_NUMBER },
    ...(pstCharged && PST_NUMBER_LABEL[province]
      ? [{ label: PST_NUMBER_LABEL[province](), value: registered[`PST-${province}`]?.number ?? '' }]
      : []),
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
