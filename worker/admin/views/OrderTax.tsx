import type { Currency } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { OrderTaxForStaff } from '../../tax/staff.ts';

/**
 * The order page's sales tax panel (issue 39): a "Tax estimated" flag when the tax service was down
 * at checkout, and where the sale stands with the service (committed, waiting and why, reversals).
 */
const failed = (attempts: number) => (attempts > 0 ? ` · ${attempts} failed attempts` : '');

export function OrderTax({ tax, currency }: { tax: OrderTaxForStaff | null; currency: Currency }) {
  if (!tax) return null;
  const money = (cent: number) => formatMoney({ cent, currency });
  const status =
    tax.status === 'COMMITTED'
      ? `Committed to ${tax.recordedWith}${tax.transactionRef ? ` (${tax.transactionRef})` : ''}`
      : tax.status === 'VOIDED'
        ? 'Voided: the order was cancelled before it was paid'
        : `Waiting to be committed to ${tax.recordedWith}${failed(tax.attempts)}`;
  return (
    <div className="panel" data-order-tax="">
      {tax.estimated && (
        <p className="error" data-tax-estimated="">
          {`Tax estimated: the tax service did not answer at checkout, so ${tax.figuredBy} ` +
            `charged ${money(tax.taxCent)}.`}
        </p>
      )}
      {!tax.collecting && <p>No sales tax charged: the shop is not registered where this order ships.</p>}
      {tax.certificateId !== null && (
        <p data-tax-exempt="">
          {`Tax-exempt sales ${money(tax.exemptCent)} under the member's `}
          <a href={`/admin/tax-exemptions/${tax.certificateId}`}>exemption certificate</a>.
        </p>
      )}
      <p>{`Sales tax ${money(tax.taxCent)} · ${status}`}</p>
      {tax.committedTaxCent !== null && tax.committedTaxCent !== tax.taxCent && (
        <p>{`${tax.recordedWith} holds the shop liable for ${money(tax.committedTaxCent)}.`}</p>
      )}
      {tax.status === 'PENDING' && tax.lastError && <p>{`Last error: ${tax.lastError}`}</p>}
      {tax.reversals.length > 0 && (
        <ul aria-label="Tax given back">
          {tax.reversals.map((reversal) => (
            <li key={reversal.reference}>
              {`${money(reversal.taxCent)} given back (${reversal.reference}) · ${
                reversal.voided ? 'voided: the refund was refused' : reversal.sent ? 'sent' : 'waiting to be sent'
              }`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
