/**
 * Shipping options and their cost (spec §3 Shipping option, §9 Shipping cost), remote areas by
 * postal code, and the ids of the area dictionary. Amounts are integer cents in the market's
 * currency.
 */

import { CA, US, type Market, type MarketId } from './markets.ts';
import { regionsFor } from './regions.ts';
import * as m from './i18n/generated/messages.js';

/** The option the shop picks when it is offered (§9). */
export const STANDARD_SHIPPING = 'Standard Shipping';

/** A shipping option's name as the page's language says it (the option keeps its English name as its key). */
export function shippingOptionName(name: string): string {
  if (name === STANDARD_SHIPPING) return m.shipping_standard();
  if (name === 'Freight Delivery') return m.shipping_freight();
  return name === 'Expedited Shipping' ? m.shipping_expedited() : name;
}

/** A shipping option as the shop uses it: one spelling, every fee in cents. */
export interface ShippingOption {
  name: string;
  /** The fee for the first unit. */
  firstFreight: number;
  /** The fee for each further unit. */
  additionalFreight: number;
  /** Added once to a shipment to a remote area. */
  remoteFee: number;
}

/** A fee as the API spells it: plain cents, or a Money-like object with cents. */
type Fee = number | { cent: number };

/**
 * A shipping option in either spelling of §3: name or logisticsPlan, firstFreight or
 * baseFeeMoney, additionalFreight or incrementFeeMoney, and remoteFee.
 */
export interface ShippingOptionInput {
  name?: string;
  logisticsPlan?: string;
  firstFreight?: Fee;
  baseFeeMoney?: Fee;
  additionalFreight?: Fee;
  incrementFeeMoney?: Fee;
  remoteFee?: Fee;
}

function feeCents(fee: Fee | undefined, field: string): number {
  const cent = typeof fee === 'object' && fee !== null ? fee.cent : (fee ?? 0);
  if (!Number.isSafeInteger(cent) || cent < 0)
    throw new RangeError(`${field} must be a whole number of cents, not below zero`);
  return cent;
}

/**
 * Reads an option in either spelling into the shop's form; a missing fee is zero. Throws a
 * RangeError for a nameless option or a fee that is not whole, non-negative cents.
 */
export function readShippingOption(input: ShippingOptionInput): ShippingOption {
  const name = (input.name ?? input.logisticsPlan ?? '').trim();
  if (!name) throw new RangeError('a shipping option needs a name or logisticsPlan');
  return {
    name,
    firstFreight: feeCents(input.firstFreight ?? input.baseFeeMoney, 'firstFreight'),
    additionalFreight: feeCents(input.additionalFreight ?? input.incrementFeeMoney, 'additionalFreight'),
    remoteFee: feeCents(input.remoteFee, 'remoteFee'),
  };
}

/**
 * What shipping `quantity` units costs with one option (§9): first fee + (quantity - 1) ×
 * additional fee, plus the remote fee once for a remote area. Nothing to ship costs nothing.
 */
export function shippingCost(option: ShippingOption | ShippingOptionInput, quantity: number, remote: boolean): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0)
    throw new RangeError('quantity must be a whole number, not below zero');
  if (quantity === 0) return 0;
  const fees = readShippingOption(option);
  return fees.firstFreight + (quantity - 1) * fees.additionalFreight + (remote ? fees.remoteFee : 0);
}

/**
 * The option the shop picks (§9): Standard Shipping when offered, else the cheapest for the
 * quantity (one unit unless told), the first listed on a tie; null when there is none.
 */
export function chooseShippingOption<T extends ShippingOption | ShippingOptionInput>(
  options: readonly T[],
  quantity = 1,
  remote = false,
): T | null {
  const standard = options.find(
    (option) => readShippingOption(option).name.toLowerCase() === STANDARD_SHIPPING.toLowerCase(),
  );
  if (standard) return standard;
  let cheapest: T | null = null;
  let cheapestCost = Infinity;
  for (const option of options) {
    const cost = shippingCost(option, Math.max(quantity, 1), remote);
    if (cost < cheapestCost) [cheapest, cheapestCost] = [option, cost];
  }
  return cheapest;
}

/**
 * US ZIP prefixes (first three digits) outside the contiguous states, from the USPS
 * three-digit ZIP prefix list: Puerto Rico and the U.S. Virgin Islands 006-009, Alaska
 * 995-999, Hawaii and American Samoa 967-968, Guam, the Northern Mariana Islands, Palau,
 * Micronesia and the Marshall Islands 969, and military mail (APO/FPO/DPO): Armed Forces
 * Europe 090-098, Americas 340, Pacific 962-966.
 */
const US_REMOTE_ZIP_RANGES: readonly (readonly [number, number])[] = [
  [6, 9],
  [90, 98],
  [340, 340],
  [962, 969],
  [995, 999],
];

/**
 * Canadian forward sortation areas (first three characters) that are remote: every FSA of
 * the territories (X: Northwest Territories and Nunavut, Y: Yukon), and the provincial FSAs
 * whose communities are mostly reached by air, winter road or ferry only: Nunavik QC (J0M),
 * coastal Labrador NL (A0P), Iles-de-la-Madeleine QC (G4T), northern Manitoba (R0B),
 * northwestern Ontario's far north (P0V), northeastern Alberta (T0P Fort Chipewyan, T0V),
 * Haida Gwaii BC (V0T) and Atlin BC (V0W).
 */
const CA_REMOTE_FSAS: ReadonlySet<string> = new Set(['J0M', 'A0P', 'G4T', 'R0B', 'P0V', 'T0P', 'T0V', 'V0T', 'V0W']);

/**
 * Whether a shipment to this postal code pays the remote fee (rules above). Accepts the
 * forms a shopper types (ZIP+4 with or without the dash, Canadian codes in any case, with or
 * without the space); anything unreadable is not remote, so validate the format first.
 */
export function isRemotePostalCode(market: MarketId, postalCode: string): boolean {
  const compact = postalCode.replace(/[\s-]+/g, '').toUpperCase();
  if (market === 'us') {
    if (!/^\d{5}(?:\d{4})?$/.test(compact)) return false;
    const prefix = Number(compact.slice(0, 3));
    return US_REMOTE_ZIP_RANGES.some(([low, high]) => prefix >= low && prefix <= high);
  }
  if (!/^[A-Z]\d[A-Z](?:\d[A-Z]\d)?$/.test(compact)) return false;
  const fsa = compact.slice(0, 3);
  return fsa.startsWith('X') || fsa.startsWith('Y') || CA_REMOTE_FSAS.has(fsa);
}

/** The country entries of the area dictionary: ids are the §3 Country config codes. */
const countryArea = (market: Market) => ({ id: market.code, name: market.country.name, code: market.country.isoCode });
export const COUNTRY_AREA: Readonly<Record<MarketId, { id: number; name: string; code: string }>> = {
  us: countryArea(US),
  ca: countryArea(CA),
};

/** Area dictionary levels. */
export const AREA_LEVEL = { country: 1, state: 2, city: 3 } as const;

/**
 * The area id of a state, province or territory: the country id × 100 + its place in the
 * market's region list (regions.ts), so Alabama is 202201 and Alberta 202301. Cities are
 * numbered under their state (state id × 10000 + n). Null for a code the market does not offer.
 */
export function stateAreaId(market: MarketId, code: string): number | null {
  const index = regionsFor(market).findIndex((region) => region.code === code);
  return index < 0 ? null : COUNTRY_AREA[market].id * 100 + index + 1;
}

/** Messages of the address-verification calls, per market (the spec gives no wording). */
export const POSTAL_VERIFY_MESSAGE = {
  us: {
    notDeliverable: 'We cannot deliver to this ZIP code.',
    stateMismatch: 'This ZIP code does not belong to the selected state.',
  },
  ca: {
    notDeliverable: 'We cannot deliver to this postal code.',
    stateMismatch: 'This postal code does not belong to the selected province or territory.',
  },
} as const satisfies Record<MarketId, Record<string, string>>;
