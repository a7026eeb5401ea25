import { regionName } from '../../shared/tax-registrations.ts';
import { taxLines, taxRatesFor, type TaxRate } from '../../shared/tax.ts';
import {
  allocate,
  SHIPPING_REF,
  type CommittedSale,
  type LineTax,
  type TaxCalculation,
  type TaxDetail,
  type TaxRequest,
  type TaxService,
} from './model.ts';

/**
 * The offline table (shared/tax.ts): each US state's base rate, Canada's GST, HST, PST and QST. It
 * serves local development and the tests, and stands in for a service that is down (the order is
 * then flagged "tax estimated"). Each tax is figured on the order's whole base, rounded once, as
 * the table always did, then shared over the lines in proportion so every line knows its tax.
 */

/** Who levies a tax of the table: the state; Canada for GST/HST; the province for PST and QST. */
function jurisdictionOf(
  request: TaxRequest,
  taxName: string,
): Omit<TaxDetail, 'taxName' | 'rate' | 'taxableCent' | 'taxCent'> {
  const { market, address } = request;
  const region = address.region;
  if (market === 'ca' && (taxName === 'GST' || taxName === 'HST'))
    return { code: 'CA', name: 'Canada', level: 'country', region };
  return { code: `${address.country}-${region}`, name: regionName(market, region), level: 'state', region };
}

export class OfflineTaxService implements TaxService {
  readonly id = 'offline' as const;

  async calculate(request: TaxRequest): Promise<TaxCalculation> {
    return offlineCalculation(request);
  }

  async commit(sale: { request: TaxRequest }): Promise<CommittedSale> {
    const calculation = offlineCalculation(sale.request);
    const taxCent = [...calculation.lines, calculation.shipping].reduce((sum, line) => sum + line.taxCent, 0);
    return { transactionRef: null, taxCent, lineRefs: {} };
  }

  async reverse(): Promise<{ transactionRef: string | null }> {
    return { transactionRef: null };
  }
}

/** The table's tax for a request, line by line. */
export function offlineCalculation(request: TaxRequest): TaxCalculation {
  const lines: LineTax[] = request.lines.map((line) => ({ ...line, taxCent: 0, details: [] }));
  const shipping: LineTax = {
    ref: SHIPPING_REF,
    amountCent: request.shippingCent,
    quantity: 1,
    taxCent: 0,
    details: [],
  };
  const goods = request.lines.reduce((sum, line) => sum + line.amountCent, 0);
  const rates = taxRatesFor(request.market, request.address.region) ?? [];
  if (request.exemption) return exemptCalculation(request, rates, lines, shipping);
  const amounts = taxLines(request.market, request.address.region, goods, request.shippingCent);
  rates.forEach((rate, index) => {
    const total = amounts[index]!.amountCent;
    const parts = [...lines, ...(rate.onShipping ? [shipping] : [])];
    const shares = allocate(
      total,
      parts.map((part) => part.amountCent),
    );
    parts.forEach((part, at) => {
      const taxCent = shares[at]!;
      part.taxCent += taxCent;
      part.details.push({
        ...jurisdictionOf(request, rate.name),
        taxName: rate.name,
        rate: rate.rate,
        taxableCent: part.amountCent,
        taxCent,
      });
    });
  });
  return { provider: 'offline', reference: null, lines, shipping, exemptCent: 0 };
}

/** A certificate's sale: each tax of the table records the parts (and the shipping it reaches) as exempt. */
function exemptCalculation(
  request: TaxRequest,
  rates: readonly TaxRate[],
  lines: LineTax[],
  shipping: LineTax,
): TaxCalculation {
  let exemptCent = 0;
  for (const part of [...lines, shipping]) {
    const reaching = rates.filter((rate) => part !== shipping || rate.onShipping);
    if (reaching.length === 0 || part.amountCent === 0) continue;
    exemptCent += part.amountCent;
    for (const rate of reaching)
      part.details.push({
        ...jurisdictionOf(request, rate.name),
        taxName: rate.name,
        rate: rate.rate,
        taxableCent: 0,
        taxCent: 0,
        exemptCent: part.amountCent,
      });
  }
  return { provider: 'offline', reference: null, lines, shipping, exemptCent };
}
