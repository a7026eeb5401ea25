import type { JurisdictionLevel } from '../../shared/tax.ts';
import { SHIPPING_REF, type TaxCalculation, type TaxDetail, type TaxRequest } from './model.ts';
import type { StripeLineBreakdown } from './stripe-schemas.ts';

/** Reading Stripe Tax's answers (issue 39): its jurisdictions and tax types under the shop's names. Pure. */

/** Stripe's tax types under the shop's names (Manitoba's RST is its PST). */
const TAX_NAME: Record<string, string> = {
  sales_tax: 'Sales Tax',
  gst: 'GST',
  hst: 'HST',
  pst: 'PST',
  rst: 'PST',
  qst: 'QST',
};

/** A percentage as Stripe writes it ("8.5") in thousandths of a percent (8500). */
export const rateOf = (percentage: string) => Math.round(Number.parseFloat(percentage) * 1000);

/** Stripe names jurisdictions but gives them no code: one built from what identifies them. */
function codeOf(breakdown: StripeLineBreakdown): string {
  const { country, state, level, display_name } = breakdown.jurisdiction;
  const slug = display_name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return level === 'country' ? country : level === 'state' ? `${country}-${state}` : `${country}-${state}-${slug}`;
}

/**
 * A line's tax by jurisdiction; a jurisdiction the buyer's certificate exempted (`customer_exempt`,
 * which Stripe names with no tax and nothing taxable) records the line's `amount` as exempt there.
 */
export function detailsOf(
  breakdowns: readonly StripeLineBreakdown[] | null | undefined,
  region: string,
  amount: number,
): TaxDetail[] {
  return (breakdowns ?? []).flatMap((breakdown) => {
    const rate = breakdown.tax_rate_details;
    const exempt = breakdown.taxability_reason === 'customer_exempt';
    if (!exempt && (!rate || breakdown.amount === 0)) return [];
    const level: JurisdictionLevel = breakdown.jurisdiction.level;
    const where = {
      code: codeOf(breakdown),
      name: breakdown.jurisdiction.display_name,
      level,
      region: breakdown.jurisdiction.state ?? region,
      taxName: rate ? (TAX_NAME[rate.tax_type] ?? rate.display_name) : 'Sales Tax',
      rate: rate ? rateOf(rate.percentage_decimal) : 0,
    };
    if (exempt) return amount > 0 ? [{ ...where, taxableCent: 0, taxCent: 0, exemptCent: amount }] : [];
    return [{ ...where, taxableCent: breakdown.taxable_amount, taxCent: breakdown.amount }];
  });
}

export const exemptIn = (breakdowns: readonly StripeLineBreakdown[] | null | undefined) =>
  (breakdowns ?? []).some((breakdown) => breakdown.taxability_reason === 'customer_exempt');

/** No line worth taxing (everything paid with points or discounted away): nothing to ask. */
export function zeroCalculation(request: TaxRequest): TaxCalculation {
  return {
    provider: 'stripe',
    reference: null,
    lines: request.lines.map((line) => ({ ...line, taxCent: 0, details: [] })),
    shipping: { ref: SHIPPING_REF, amountCent: request.shippingCent, quantity: 1, taxCent: 0, details: [] },
    exemptCent: 0,
  };
}
