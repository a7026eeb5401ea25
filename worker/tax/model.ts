import type { Currency, MarketId } from '../../shared/markets.ts';
import type { JurisdictionLevel } from '../../shared/tax.ts';

/**
 * The tax service's interface (issue 39): what checkout asks for an address, what the shop
 * commits once an order is paid, and what it reverses when money goes back. One adapter per
 * service: Stripe Tax, Avalara AvaTax, and the offline table (state base rates, Canada's GST,
 * HST, PST and QST) that serves local development and stands in when a service is down.
 */

export type TaxProviderId = 'offline' | 'stripe' | 'avalara';
export const TAX_PROVIDERS: readonly TaxProviderId[] = ['offline', 'stripe', 'avalara'];

/** Where the parts go: tax follows the ship-to address. */
export interface TaxAddress {
  line1: string;
  line2: string | null;
  city: string;
  /** The state or province code. */
  region: string;
  postalCode: string;
  country: 'US' | 'CA';
}

/** A line the tax is figured on: its price after discounts and points (cents), its units. */
export interface TaxableLine {
  /** The line's reference with the service: 'L1', 'L2' … by the order's line numbers. */
  ref: string;
  amountCent: number;
  quantity: number;
}

export interface TaxRequest {
  market: MarketId;
  currency: Currency;
  address: TaxAddress;
  lines: TaxableLine[];
  /** Shipping after its discount; its taxability is the service's to say. */
  shippingCent: number;
  /** The buyer as the service knows them (an account, else the order's email), for its records. */
  customerRef: string | null;
  /**
   * An approved resale or exemption certificate for the ship-to state: no tax, exempt sales recorded
   * (US only: a Canadian certificate exempts the PST alone, which the quote takes off itself).
   */
  exemption: { number: string; kind?: 'RESALE' | 'EXEMPTION' } | null;
  /** When the sale is taxed (ms): the rates in force that day. */
  date: number;
}

/** One jurisdiction's tax on one line. Rates are thousandths of a percent (shared/tax.ts). */
export interface TaxDetail {
  /** Who levies it: 'US-OH', a service's code for a county, city or district, 'CA' (GST/HST), 'CA-QC'. */
  code: string;
  /** Its name as shoppers read it: 'Ohio', 'Franklin County', 'Canada'. */
  name: string;
  level: JurisdictionLevel;
  /** The state or province it lies in. */
  region: string;
  /** The tax's name: 'Sales Tax', 'GST', 'HST', 'PST', 'QST'. */
  taxName: string;
  rate: number;
  taxableCent: number;
  taxCent: number;
  /** What a certificate made exempt here (taxable and tax are then 0); absent where nothing was. */
  exemptCent?: number;
}

/** The tax of one line (or of the shipping, ref 'shipping'), by jurisdiction. */
export interface LineTax {
  ref: string;
  amountCent: number;
  quantity: number;
  taxCent: number;
  details: TaxDetail[];
}

export const SHIPPING_REF = 'shipping';

/** What a service answered for a request. */
export interface TaxCalculation {
  provider: TaxProviderId;
  /** The service's calculation (Stripe's `taxcalc_…`), committed as it stands; null where there is none. */
  reference: string | null;
  lines: LineTax[];
  shipping: LineTax;
  /** Sales a certificate made exempt (cents). */
  exemptCent: number;
}

/**
 * What the shop charged where it took a tax off the service's figure itself (a Canadian reseller's
 * certificate exempts the PST, which no service is told of): the sale is recorded at this, so the
 * service holds the shop liable for what the buyer paid, not for the PST nobody collected.
 */
export interface ChargedTax {
  /** Why, for the service's audit trail: 'PST exempt: resale certificate BC-PST-1234'. */
  reason: string;
  taxCent: number;
  /** Each line's tax as charged, by its ref ('L1' …, 'shipping'). */
  lines: Record<string, number>;
}

/** A paid order's sale, recorded with the service. */
export interface TaxSale {
  orderId: string;
  request: TaxRequest;
  /** The calculation checkout showed, when the service can commit it as it stands. */
  calculationRef: string | null;
  /** Where the shop charged less than the service figures: what was charged, recorded instead. */
  charged: ChargedTax | null;
}

/** What the service recorded: its transaction, the tax it holds the shop liable for, its lines' ids. */
export interface CommittedSale {
  transactionRef: string | null;
  taxCent: number;
  /** The service's id of each line (by our ref), which a partial reversal names. */
  lineRefs: Record<string, string>;
}

/** Money given back on some lines (and the shipping), with exactly the tax charged on them. */
export interface TaxReversalRequest {
  orderId: string;
  /** Unique per reversal: the refund's key, or the cancellation's. */
  reference: string;
  transactionRef: string | null;
  /** The sale it reverses, as it was asked (its address, currency and buyer). */
  sale: TaxRequest;
  /** Everything the sale recorded goes back (a cancelled order). */
  full: boolean;
  /**
   * The sale was recorded at what was charged (TaxSale.charged): a cancellation gives back what is
   * left of each line, never the service's whole original figure, part of which was never charged.
   */
  chargedOnly: boolean;
  lines: { ref: string; providerLineRef: string | null; quantity: number; amountCent: number; taxCent: number }[];
  date: number;
}

/** A service that cannot answer now (down, slow, overloaded): the caller falls back or retries. */
export class TaxServiceError extends Error {
  readonly provider: TaxProviderId;
  readonly status: number;
  constructor(provider: TaxProviderId, status: number, message: string) {
    super(`${provider} tax service: ${message}`);
    this.provider = provider;
    this.status = status;
  }
}

export interface TaxService {
  readonly id: TaxProviderId;
  /** The tax on each line and on the shipping, by jurisdiction, for the ship-to address. */
  calculate(request: TaxRequest): Promise<TaxCalculation>;
  /** Records a paid order's sale with the service (idempotent by order). */
  commit(sale: TaxSale): Promise<CommittedSale>;
  /** Records money given back (idempotent by reference). */
  reverse(reversal: TaxReversalRequest): Promise<{ transactionRef: string | null }>;
}

/** What an adapter needs besides its configuration: the network (tests hand it a fake service). */
export interface TaxRuntime {
  fetch?: typeof fetch;
}

/** Splits `total` over `weights` in proportion, in whole cents that add up exactly (largest remainder). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left--;
  }
  return shares;
}
