import { CA_SALES_TAX, US_STATE_SALES_TAX } from '../../shared/tax.ts';
import type { AvataxTransaction } from '../../worker/tax/avatax-schemas.ts';
import type { StripeCalculation, StripeTransaction } from '../../worker/tax/stripe-schemas.ts';

/**
 * What the fake tax services (tax-fakes.ts) share: the places the tests ship to with their
 * jurisdictions and rates (a ZIP code's state, county, city and districts; every other state at
 * its base rate; Canada's GST/HST and provincial taxes as shared/tax.ts has them), the fakes'
 * state, and their ids.
 */

type Level = 'state' | 'county' | 'city' | 'district';
export interface Jurisdiction {
  name: string;
  level: Level;
  /** Percent, as the services write it. */
  percent: string;
}

/** The places the tests ship to, with the jurisdictions a tax service names there. */
export const PLACES: Record<string, { state: string; jurisdictions: Jurisdiction[] }> = {
  // Columbus, Ohio: 8% (state 5.75, Franklin County 1.25, the transit authority 1).
  '43215': {
    state: 'OH',
    jurisdictions: [
      { name: 'Ohio', level: 'state', percent: '5.75' },
      { name: 'Franklin County', level: 'county', percent: '1.25' },
      { name: 'Central Ohio Transit Authority', level: 'district', percent: '1.0' },
    ],
  },
  // San Francisco, California: 8.625% (state 6, county 0.25, city 1, four special districts).
  '94103': {
    state: 'CA',
    jurisdictions: [
      { name: 'California', level: 'state', percent: '6.0' },
      { name: 'San Francisco County', level: 'county', percent: '0.25' },
      { name: 'San Francisco', level: 'city', percent: '1.0' },
      { name: 'San Francisco County Transportation Authority', level: 'district', percent: '0.5' },
      { name: 'Bay Area Rapid Transit District', level: 'district', percent: '0.5' },
      { name: 'San Francisco Public Financing Authority', level: 'district', percent: '0.25' },
      { name: 'Peninsula Corridor Joint Powers Board', level: 'district', percent: '0.125' },
    ],
  },
  // Seattle, Washington: 10.35% (state 6.5, city 2.45, Sound Transit 1.4).
  '98101': {
    state: 'WA',
    jurisdictions: [
      { name: 'Washington', level: 'state', percent: '6.5' },
      { name: 'Seattle', level: 'city', percent: '2.45' },
      { name: 'Regional Transit Authority', level: 'district', percent: '1.4' },
    ],
  },
};

/** What the fakes charge where: the table's place, else the state's base rate. */
export function jurisdictionsAt(postalCode: string, state: string): Jurisdiction[] {
  const place = PLACES[postalCode.slice(0, 5)];
  if (place) return place.jurisdictions;
  const rate = US_STATE_SALES_TAX[state] ?? 0;
  return rate === 0 ? [] : [{ name: state, level: 'state', percent: String(rate / 1000) }];
}

/** Half up to the cent, as the services round each jurisdiction's tax on a line. */
export const taxOn = (amount: number, percent: string) => Math.round((amount * Number(percent)) / 100);

/** A Canadian province's taxes as a service names them: GST or HST (the country's), then its PST or QST. */
export function canadianTaxesAt(province: string) {
  return (CA_SALES_TAX[province] ?? []).map((tax) => ({
    name: tax.name,
    federal: tax.name === 'GST' || tax.name === 'HST',
    percent: String(tax.rate / 1000),
  }));
}

/** A fake service's state the tests read and steer. */
export interface FakeTaxServices {
  fetch: typeof fetch;
  calls: { host: string; method: string; path: string; body: unknown }[];
  /** While set, every call fails this way (the service is down). */
  down: 'http-503' | 'network' | null;
  stripe: {
    calculations: Map<string, StripeCalculation>;
    transactions: Map<string, StripeTransaction>;
    /** Stripe's idempotency: a key's first request and answer, replayed for the same key (24 hours). */
    idempotent: Map<string, { request: string; status: number; body: string }>;
  };
  avatax: { documents: Map<string, AvataxTransaction> };
}

export const STRIPE_BASE = 'https://stripe.fake';
export const AVATAX_BASE = 'https://avatax.fake';

let sequence = 0;
/** A new id: 'taxcalc_00000012'. */
export const nextId = (prefix: string) => `${prefix}_${(++sequence).toString().padStart(8, '0')}`;
/** A new number (AvaTax's document ids). */
export const nextNumber = () => ++sequence;
