import type { CheckoutQuote } from '../state/checkout.ts';
import { TAX_NOTE } from '../../shared/tax-registrations.ts';

/**
 * What checkout says under its tax lines (issue 39): why no tax is charged (a state the shop does not
 * collect in, an exemption certificate), that the tax is an estimate while the tax service is down,
 * or the address's combined rate and whether its shipping is taxed.
 */
export function CheckoutTaxNote({ quote }: { quote: CheckoutQuote }) {
  const { taxNote, taxSummary } = quote;
  const notes: { key: string; text: string }[] = [];
  if (taxNote) notes.push({ key: 'note', text: taxNote });
  if (taxSummary.estimated && quote.tax > 0) notes.push({ key: 'estimated', text: TAX_NOTE.estimated });
  else if (taxSummary.combinedRateLabel && quote.taxes.length > 1)
    notes.push({ key: 'rates', text: TAX_NOTE.rates(taxSummary.combinedRateLabel, taxSummary.shippingTaxed) });
  if (notes.length === 0) return null;
  return (
    <div className="checkout-tax-note">
      {notes.map((note) => (
        <p key={note.key} data-tax-note={note.key}>
          {note.text}
        </p>
      ))}
    </div>
  );
}
