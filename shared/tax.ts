/**
 * The sales tax rate table (issue 8, design DOMAIN.md "Money, tax and compliance") and the
 * tax lines of an order. Tax follows the ship-to state or province.
 *
 * Rates are integers in thousandths of a percent (5 % is 5000, 9.975 % is 9975), so every
 * amount is computed in integers: amount = round_half_up(base × rate / 100000).
 *
 * What is taxed:
 * - the base is the goods after discounts and points, plus the shipping after its discount where the
 *   tax reaches shipping;
 * - Canada: shipping is taxed like the goods it carries, by every tax of the province (GST/HST, QST,
 *   and BC, Manitoba and Saskatchewan PST), see CA_SALES_TAX;
 * - US: the state's rule for a separately stated charge for delivery by a carrier, see
 *   US_SHIPPING_TAXED. Only the state base rate is charged (see US_STATE_SALES_TAX).
 */

import type { MarketId } from './markets.ts';

/** Rates are thousandths of a percent: RATE_SCALE is 100 %. */
export const RATE_SCALE = 100_000;

/** One tax of a region: its name on the order and its rate. */
export interface TaxRate {
  name: 'Sales Tax' | 'GST' | 'HST' | 'PST' | 'QST';
  rate: number;
  /** Whether the shipping charge is part of this tax's base. */
  onShipping: boolean;
}

/** How far a taxing jurisdiction reaches: Canada's GST/HST, a state or province, or a local one. */
export type JurisdictionLevel = 'country' | 'state' | 'county' | 'city' | 'district';

/**
 * One tax line of an order, shown on its own: Canada's GST, HST, PST and QST by their names; a US
 * jurisdiction (state, county, city, special district) by its name ("Ohio state tax").
 */
export interface TaxLine {
  name: string;
  /** The rate as shown: '5%', '9.975%'. */
  rateLabel: string;
  rate: number;
  amountCent: number;
  /** Who levies it (the filing report's key): 'US-OH', a service's code for a county or district, 'CA-QC'. */
  jurisdiction?: { code: string; level: JurisdictionLevel };
}

/** How a US jurisdiction's line is named on a quote, an order, an invoice and an email. */
export function jurisdictionLabel(name: string, level: JurisdictionLevel): string {
  if (level === 'state') return `${name} state tax`;
  if (level === 'county' && !/\b(county|parish|borough)\b/i.test(name)) return `${name} County tax`;
  if (level === 'city' && !/\b(city|town|village)\b/i.test(name)) return `${name} city tax`;
  return `${name} tax`;
}

/**
 * US state-level sales tax by ship-to state. Source: Tax Foundation, "State and Local Sales
 * Tax Rates, 2025", state rate column (rates in force on 1 January 2025; it counts the
 * mandatory statewide add-ons of California, Utah and Virginia as state tax). County, city
 * and district rates are NOT included, so the tax charged is the state base only. Alaska,
 * Delaware, Montana, New Hampshire and Oregon levy none. Territories: Puerto Rico's state
 * IVU is 10.5 % (its 1 % municipal part is local, left out like the others); American Samoa,
 * Guam, the Northern Mariana Islands and the U.S. Virgin Islands have no sales tax (they tax
 * the seller's gross receipts instead).
 */
export const US_STATE_SALES_TAX: Readonly<Record<string, number>> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 6100,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
  AS: 0,
  GU: 0,
  MP: 0,
  PR: 10500,
  VI: 0,
};

/**
 * Which states tax a shipping charge on a taxable sale when, as in this shop, the charge is stated
 * on its own line and the parts go by a common carrier (FedEx, UPS, USPS) with no pickup offered.
 * A state left out taxes none of it, or has no sales tax. Sources: the states' revenue departments
 * as summarised in Avalara's and TaxJar's state-by-state guides to sales tax on shipping (2024),
 * with Michigan's exemption of separately stated delivery charges (Public Act 20 of 2023, in force
 * 26 April 2023) and Kansas's (K.S.A. 79-3602 as amended in 2022, from 1 July 2023).
 * - Taxed: the charge is part of the sale price whenever the goods are taxable (AR, CT, DC, GA, HI,
 *   IN, KY, MN, MS, NE, NJ, NM, NY, NC, ND, OH, PA, RI, SC, SD, TN, TX, VT, WA, WV, WI); Florida
 *   and Illinois exempt it only when the buyer could pick the goods up instead, which this shop
 *   does not offer.
 * - Not taxed when separately stated: AL, AZ, CA, CO, ID, IA, KS, LA, ME, MD, MA, MI, MO, NV, OK,
 *   UT, VA, WY (California and Alabama also require a common carrier, as here).
 * - No state sales tax: AK, DE, MT, NH, OR. Territories are not covered by these guides and are
 *   left out; the shop does not take their sales-tax rules on shipping for granted.
 */
export const US_SHIPPING_TAXED: ReadonlySet<string> = new Set([
  'AR',
  'CT',
  'DC',
  'FL',
  'GA',
  'HI',
  'IL',
  'IN',
  'KY',
  'MN',
  'MS',
  'NE',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'VT',
  'WA',
  'WV',
  'WI',
]);

const GST: TaxRate = { name: 'GST', rate: 5000, onShipping: true };
const hst = (rate: number): TaxRate[] => [{ name: 'HST', rate, onShipping: true }];
const gstAnd = (name: 'PST' | 'QST', rate: number): TaxRate[] => [GST, { name, rate, onShipping: true }];

/**
 * Canadian sales taxes by ship-to province or territory (Canada Revenue Agency GST/HST rates,
 * with Nova Scotia's HST at 14 % since 1 April 2025; provincial PST/QST rates in force in 2025).
 * HST replaces GST in the harmonized provinces; BC, Manitoba, Saskatchewan and Quebec add their
 * own tax to GST; Alberta and the territories charge GST alone.
 *
 * Shipping is taxed like the goods it carries, by each tax: the seller's delivery charge is part of
 * a single supply of the goods under GST/HST (CRA policy statement P-077R2, single and multiple
 * supplies) and under the QST, which follows the same rules; BC's PST applies to delivery charges
 * incurred before title passes, the usual case for a sale delivered by the seller (Bulletin PST 302);
 * Manitoba's RST and Saskatchewan's PST count the vendor's delivery charge in the purchase price.
 */
export const CA_SALES_TAX: Readonly<Record<string, readonly TaxRate[]>> = {
  AB: [GST],
  NT: [GST],
  NU: [GST],
  YT: [GST],
  ON: hst(13000),
  NS: hst(14000),
  NB: hst(15000),
  NL: hst(15000),
  PE: hst(15000),
  BC: gstAnd('PST', 7000),
  MB: gstAnd('PST', 7000),
  SK: gstAnd('PST', 6000),
  QC: gstAnd('QST', 9975),
};

/** The taxes of a ship-to region (a two-letter code of regions.ts); null for a code the market lacks. */
export function taxRatesFor(market: MarketId, region: string): readonly TaxRate[] | null {
  if (market === 'ca') return CA_SALES_TAX[region] ?? null;
  const rate = US_STATE_SALES_TAX[region];
  if (rate === undefined) return null;
  return rate === 0 ? [] : [{ name: 'Sales Tax', rate, onShipping: US_SHIPPING_TAXED.has(region) }];
}

/** A rate as shoppers read it: 5000 → '5%', 9975 → '9.975%', 7250 → '7.25%'. */
export function rateLabel(rate: number): string {
  const whole = Math.floor(rate / 1000);
  const thousandths = rate % 1000;
  if (thousandths === 0) return `${whole}%`;
  return `${whole}.${thousandths.toString().padStart(3, '0').replace(/0+$/, '')}%`;
}

/** `base × rate`, rounded half up to the cent, in integers only. */
function taxOn(base: number, rate: number): number {
  if (!Number.isSafeInteger(base * rate)) throw new RangeError('the taxable amount is too large to tax exactly');
  return Math.floor((base * rate + RATE_SCALE / 2) / RATE_SCALE);
}

function assertCents(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${field} must be a whole number of cents, not below zero`);
}

/**
 * The tax lines of an order shipped to `region`: one line per tax, each rounded half up on
 * its own. `taxableCent` is the goods after discounts; `shippingCent` the shipping charge
 * (taxed by the taxes whose `onShipping` is set). A region without sales tax gives no lines. Throws a RangeError for
 * a region the market does not have (validate the address first) or for amounts that are
 * not whole, non-negative cents.
 */
export function taxLines(market: MarketId, region: string, taxableCent: number, shippingCent = 0): TaxLine[] {
  assertCents(taxableCent, 'taxableCent');
  assertCents(shippingCent, 'shippingCent');
  const rates = taxRatesFor(market, region);
  if (!rates) throw new RangeError(`${region} is not a ship-to region of the ${market} market`);
  return rates.map((tax) => ({
    name: tax.name,
    rateLabel: rateLabel(tax.rate),
    rate: tax.rate,
    amountCent: taxOn(taxableCent + (tax.onShipping ? shippingCent : 0), tax.rate),
  }));
}

/** The amounts, in cents, an order's or a checkout's tax is figured from. */
export interface TaxedAmounts {
  subtotal: number;
  discount: number;
  points: number;
  shipping: number;
  shippingDiscount: number;
}

/**
 * The tax lines of an order (or a checkout) shipped to `region`: on the goods after discounts and
 * points, never below zero, and on the shipping after its discount where the region's taxes reach it.
 */
export function orderTaxLines(market: MarketId, region: string, amounts: TaxedAmounts): TaxLine[] {
  const goods = Math.max(0, amounts.subtotal - amounts.discount - amounts.points);
  return taxLines(market, region, goods, amounts.shipping - amounts.shippingDiscount);
}

/** The sum of tax lines, in cents. */
export function taxTotal(lines: readonly TaxLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCent, 0);
}
