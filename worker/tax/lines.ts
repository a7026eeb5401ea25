import type { MarketId } from '../../shared/markets.ts';
import { collectsTax, type TaxRegistrations } from '../../shared/tax-registrations.ts';
import { jurisdictionLabel, rateLabel, type JurisdictionLevel, type TaxLine } from '../../shared/tax.ts';
import type { LineTax, TaxCalculation, TaxDetail } from './model.ts';

/**
 * What a calculation shows: one line per jurisdiction and tax (a state, its county, its city, a
 * transit district; Canada's GST or HST, a province's PST or QST), the lines' and the shipping's
 * tax added up, widest jurisdiction first. Pure.
 */

const LEVEL_ORDER: readonly JurisdictionLevel[] = ['country', 'state', 'county', 'city', 'district'];

/** Every detail of a calculation, the goods' lines first, then the shipping. */
const detailsOf = (calculation: TaxCalculation): TaxDetail[] =>
  [...calculation.lines, calculation.shipping].flatMap((line) => line.details);

/** The display lines of a calculation. */
export function taxLinesOf(calculation: TaxCalculation, market: MarketId): TaxLine[] {
  const byKey = new Map<string, TaxLine & { level: JurisdictionLevel }>();
  for (const detail of detailsOf(calculation)) {
    const key = `${detail.code}|${detail.taxName}`;
    const line = byKey.get(key);
    if (line) {
      line.amountCent += detail.taxCent;
      continue;
    }
    byKey.set(key, {
      name: market === 'ca' ? detail.taxName : jurisdictionLabel(detail.name, detail.level),
      rateLabel: rateLabel(detail.rate),
      rate: detail.rate,
      amountCent: detail.taxCent,
      jurisdiction: { code: detail.code, level: detail.level },
      level: detail.level,
    });
  }
  return [...byKey.values()]
    .filter((line) => line.amountCent > 0)
    .sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level))
    .map(({ level: _level, ...line }) => line);
}

/** The tax of a calculation, in cents. */
export const calculationTax = (calculation: TaxCalculation) =>
  [...calculation.lines, calculation.shipping].reduce((sum, line) => sum + line.taxCent, 0);

/** What a quote says of the address: the combined rate on parts, and whether parts and shipping are taxed. */
export function taxSummaryOf(calculation: TaxCalculation) {
  const taxedLine = calculation.lines.find((line) => line.taxCent > 0);
  // A tax a certificate exempted (Canada's PST for a reseller) is no part of the rate charged.
  const charged = (taxedLine?.details ?? []).filter((detail) => !detail.exemptCent);
  const rate = charged.reduce((sum, detail) => sum + detail.rate, 0);
  return {
    combinedRateLabel: taxedLine ? rateLabel(rate) : null,
    partsTaxed: taxedLine !== undefined,
    shippingTaxed: calculation.shipping.taxCent > 0,
  };
}

/**
 * Keeps only the taxes the shop is registered to collect (a service answers for every tax of the
 * address; a Canadian shop registered for GST/HST alone charges no PST). Each line's tax is then
 * the sum of its jurisdictions' (what a service rounds apart is charged as it is itemised), so the
 * lines shown, the order's tax and what a refund gives back always agree to the cent.
 */
export function collectedOnly(
  calculation: TaxCalculation,
  registrations: TaxRegistrations,
  market: MarketId,
): TaxCalculation {
  const keep = (line: LineTax): LineTax => {
    const details = line.details.filter((detail) => collectsTax(registrations, market, detail.region, detail.taxName));
    return { ...line, details, taxCent: details.reduce((sum, detail) => sum + detail.taxCent, 0) };
  };
  return { ...calculation, lines: calculation.lines.map(keep), shipping: keep(calculation.shipping) };
}
