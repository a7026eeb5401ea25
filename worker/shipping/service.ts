/**
 * Postal codes, the area dictionary and shipping quotes (§3 Postal code, Shipping option; §9
 * Shipping cost). Decides; the SQL is in repository.ts.
 */

import { marketById, type Market, type MarketId } from '../../shared/markets.ts';
import type { Money } from '../../shared/money.ts';
import {
  NO_DELIVERY_MESSAGE,
  deliveryRefusal,
  noDeliveryAreaByCode,
  noDeliveryAreaOf,
  regionsFor,
  type Region,
} from '../../shared/regions.ts';
import {
  POSTAL_VERIFY_MESSAGE,
  chooseShippingOption,
  isRemotePostalCode,
  shippingCost,
  type ShippingOption,
} from '../../shared/shipping.ts';
import { shippingOptionsFor } from '../../shared/shipping-options.ts';
import { limitOptions, shipZoneOf, type LimitedLine } from '../../shared/shipping-limits.ts';
import { normalizePostalCode, postalCodeProblem, trimInput } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import { postalRepository } from './repository.ts';
import type { AreaRecord } from './records.ts';

/** The §3 postal code, plus the state's code for address forms. */
export interface PostalCodeInfo {
  postCode: string;
  cityName: string;
  stateName: string;
  stateCode: string;
  /** False for a code the shop does not know or whose state the market's address form lacks. */
  deliverAble: boolean;
}

/** One type-ahead suggestion: a postal code with its city and state. */
export interface AreaSuggestion {
  postCode: string;
  cityName: string;
  stateCode: string;
  stateName: string;
}

/** The answer of the address check. */
export interface AddressVerification {
  /** The postal code is deliverable and belongs to the state. */
  valid: boolean;
  stateMatches: boolean;
  /** US only, advisory (USPS lists one preferred city per ZIP code); null when not checked. */
  cityMatches: boolean | null;
  /** What the shopper should fix, or null when valid. */
  message: string | null;
  /** What the shop knows of the postal code. */
  postalCode: PostalCodeInfo;
}

/** A shipping option with what it costs for the quantity and the destination. */
export interface QuotedOption extends ShippingOption {
  cost: Money;
}

export interface ShippingQuote {
  quantity: number;
  remote: boolean;
  /** Why nothing is offered: the postal code is in an area the shop does not deliver to; else null. */
  refusal: string | null;
  options: QuotedOption[];
  /** Standard Shipping when offered, else the cheapest (§9); null when nothing is offered. */
  chosen: QuotedOption | null;
}

const SUGGESTION_LIMIT = 10;

/** The key a code is stored under: a US ZIP's five digits, a Canadian code's FSA. */
function storageKey(market: MarketId, normalized: string): string {
  return normalized.slice(0, market === 'us' ? 5 : 3);
}

const regionOf = (market: MarketId, code: string): Region | undefined =>
  regionsFor(market).find((region) => region.code === code);

/** A region of the market by its code or its name, in any case; null when the market has none such. */
export function resolveRegion(market: MarketId, state: string): Region | null {
  const wanted = trimInput(state).toLowerCase();
  return (
    regionsFor(market).find((region) => region.code.toLowerCase() === wanted || region.name.toLowerCase() === wanted) ??
    null
  );
}

/**
 * What the shop knows of a postal code (§3 Postal code). A US ZIP+4 is looked up by its ZIP,
 * a Canadian code by its FSA (the data goes no finer). Unknown or malformed codes answer
 * deliverAble false with empty names.
 */
export async function lookupPostalCode(db: D1Database, market: MarketId, code: string): Promise<PostalCodeInfo> {
  const trimmed = trimInput(code);
  const unknown = { postCode: trimmed, cityName: '', stateName: '', stateCode: '', deliverAble: false };
  if (postalCodeProblem(trimmed, market)) return unknown;
  const postCode = normalizePostalCode(trimmed, market);
  const row = await postalRepository(db).byCode(market, storageKey(market, postCode));
  if (!row) return { ...unknown, postCode };
  const region = regionOf(market, row.stateCode);
  const refused = noDeliveryAreaByCode(market, row.stateCode) ?? noDeliveryAreaOf(market, postCode);
  return {
    postCode,
    cityName: row.city,
    stateName: region?.name ?? refused?.name ?? row.stateCode,
    stateCode: row.stateCode,
    deliverAble: region !== undefined && refused === null,
  };
}

/** The areas under an area (the countries under 0); null when there is no such area. */
export async function areaChildren(db: D1Database, id: number): Promise<AreaRecord[] | null> {
  const repository = postalRepository(db);
  if (id !== 0 && !(await repository.area(id))) return null;
  return repository.children(id);
}

/** Whether a keyword is the start of a postal code rather than of a city name. */
function postalPrefix(market: MarketId, keyword: string): string | null {
  const compact = keyword.replace(/[\s-]+/g, '').toUpperCase();
  if (market === 'us') return /^\d{1,9}$/.test(compact) ? compact.slice(0, 5) : null;
  return /^[A-Z]\d/.test(compact) ? compact.slice(0, 3) : null;
}

/**
 * Type-ahead over the market's postal codes and cities: a keyword that starts like a postal
 * code (US digits; Canada letter then digit) matches codes, any other matches city names by
 * their start, in any case. Only places the address form can take are suggested.
 */
export async function areaAssociation(db: D1Database, market: MarketId, keyword: string): Promise<AreaSuggestion[]> {
  const repository = postalRepository(db);
  const prefix = postalPrefix(market, keyword);
  // Asks for a few more than shown: rows of states the form lacks (military mail) are dropped.
  const rows = prefix
    ? await repository.codesStartingWith(market, prefix, SUGGESTION_LIMIT * 2)
    : await repository.citiesStartingWith(market, trimInput(keyword), SUGGESTION_LIMIT * 2);
  return rows
    .flatMap((row) => {
      const region = regionOf(market, row.stateCode);
      return region
        ? [{ postCode: row.postCode, cityName: row.city, stateCode: row.stateCode, stateName: region.name }]
        : [];
    })
    .slice(0, SUGGESTION_LIMIT);
}

/** The refusal for a postal code the data files under a refused area (PR, AE, ...), else null. */
function refusalOfState(market: MarketId, stateCode: string): string | null {
  const area = stateCode ? noDeliveryAreaByCode(market, stateCode) : null;
  return area ? NO_DELIVERY_MESSAGE(market, area.name) : null;
}

const comparableCity = (city: string) => trimInput(city.replace(/\./g, ' ')).toLowerCase();

/**
 * Checks that a postal code is deliverable and belongs to the address's state (a region
 * code of the market; see resolveRegion). An area the shop does not deliver to (regions.ts:
 * US territories, APO/FPO/DPO), by its state or its postal code, is refused with the reason.
 * In the US the city is compared too, advisory only.
 */
export async function verifyAddress(
  db: D1Database,
  market: MarketId,
  address: { postCode: string; stateCode: string; city?: string },
): Promise<AddressVerification> {
  const postalCode = await lookupPostalCode(db, market, address.postCode);
  const refusal =
    deliveryRefusal(market, { regionCode: address.stateCode, postalCode: postalCode.postCode }) ??
    refusalOfState(market, postalCode.stateCode);
  if (refusal) return { valid: false, stateMatches: false, cityMatches: null, message: refusal, postalCode };
  const stateMatches = postalCode.deliverAble && postalCode.stateCode === address.stateCode;
  const cityMatches =
    market === 'us' && postalCode.deliverAble && address.city?.trim()
      ? comparableCity(address.city) === comparableCity(postalCode.cityName)
      : null;
  const messages = POSTAL_VERIFY_MESSAGE[market];
  const message = !postalCode.deliverAble ? messages.notDeliverable : stateMatches ? null : messages.stateMismatch;
  return { valid: message === null, stateMatches, cityMatches, message, postalCode };
}

/**
 * Every shipping option of the market with its cost for `quantity` units to `postalCode`
 * (remote areas pay the remote fee; no postal code is not remote), and the one the shop picks;
 * none to a postal code in an area the shop does not deliver to (regions.ts). Given the cart's
 * lines, the options follow their shipping limits (shared/shipping-limits.ts: hazardous parts by
 * ground only and not where no ground route reaches, oversize surcharges, freight-only parts).
 */
export function shippingQuote(
  market: MarketId,
  postalCode: string | null,
  quantity: number,
  lines: readonly LimitedLine[] = [],
): ShippingQuote {
  const refusal = postalCode === null ? null : deliveryRefusal(market, { postalCode });
  if (refusal) return { quantity, remote: false, refusal, options: [], chosen: null };
  const remote = postalCode !== null && isRemotePostalCode(market, postalCode);
  const { currency } = marketById(market);
  const offered = limitOptions(market, shippingOptionsFor(market), lines, shipZoneOf(market, postalCode));
  const options = offered.map(({ surcharge, mode: _mode, ...option }) => ({
    ...option,
    cost: { cent: shippingCost(option, quantity, remote) + surcharge, currency },
  }));
  return { quantity, remote, refusal: null, options, chosen: chooseShippingOption(options, quantity, remote) };
}

/** A postal code of the market, trimmed; a malformed one is a 400 with the market's message. */
function checkedPostCode(market: MarketId, postCode: string): string {
  const problem = postalCodeProblem(postCode, market);
  if (problem) throw ApiError.badRequest(`postCode ${problem}`);
  return trimInput(postCode);
}

/** What the shop knows of a postal code the shopper typed (verify call 1 of 2); a malformed one is a 400. */
export function verifyPostalCode(db: D1Database, market: MarketId, postCode: string): Promise<PostalCodeInfo> {
  return lookupPostalCode(db, market, checkedPostCode(market, postCode));
}

/**
 * Checks an address the shopper typed (verify call 2 of 2): the state by its code or name, then
 * verifyAddress. A malformed postal code or a state the market lacks is a 400.
 */
export async function verifyShippingAddress(
  db: D1Database,
  market: Market,
  address: { postCode: string; state: string; city?: string },
): Promise<AddressVerification> {
  const postCode = checkedPostCode(market.id, address.postCode);
  const region = resolveRegion(market.id, address.state);
  if (!region) throw ApiError.badRequest(`state must be a ${market.labels.region} of this site, by code or name`);
  return verifyAddress(db, market.id, { postCode, stateCode: region.code, city: address.city });
}

/** The shipping quote for a postal code the shopper typed (blank is none; a malformed one is a 400). */
export function quoteShipping(market: MarketId, postCode: string | undefined, quantity: number): ShippingQuote {
  const checked = postCode === undefined || postCode.trim() === '' ? null : checkedPostCode(market, postCode);
  return shippingQuote(market, checked, quantity);
}
