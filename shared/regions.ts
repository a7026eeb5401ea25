/**
 * States, provinces and territories offered in address forms (§5): lists, not free text; and
 * where the shop delivers (the shipping policy's "Where We Ship"): one table that address
 * validation, shipping quotes and the policy page all read.
 */

import type { MarketId } from './markets.ts';
import * as m from './i18n/generated/messages.js';

/** One choosable region; `code` is its two-letter postal abbreviation. */
export interface Region {
  code: string;
  name: string;
  /** True for territories rather than states or provinces. */
  territory?: true;
  /** The shop does not deliver there (shipping policy); absent where it does. */
  noDelivery?: true;
}

/** The 50 states and the District of Columbia, then the inhabited US territories. */
export const US_STATES: readonly Region[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
  { code: 'AS', name: 'American Samoa', territory: true, noDelivery: true },
  { code: 'GU', name: 'Guam', territory: true, noDelivery: true },
  { code: 'MP', name: 'Northern Mariana Islands', territory: true, noDelivery: true },
  { code: 'PR', name: 'Puerto Rico', territory: true, noDelivery: true },
  { code: 'VI', name: 'U.S. Virgin Islands', territory: true, noDelivery: true },
];

/** The 10 provinces, then the 3 territories, of Canada. */
export const CA_PROVINCES: readonly Region[] = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'NT', name: 'Northwest Territories', territory: true },
  { code: 'NU', name: 'Nunavut', territory: true },
  { code: 'YT', name: 'Yukon', territory: true },
];

/** The region list shown in a market's address form. */
export function regionsFor(market: MarketId): readonly Region[] {
  return market === 'ca' ? CA_PROVINCES : US_STATES;
}

/** True when `code` is exactly (upper-case) one of the market's region codes. */
export function isRegionCode(market: MarketId, code: string): boolean {
  return regionsFor(market).some((region) => region.code === code);
}

/** Why an area gets no deliveries, as the shipping policy groups them. */
export type NoDeliveryKind = 'territory' | 'military' | 'country';

/** An area with a ZIP code the shop does not deliver to, and its five-digit ZIP ranges. */
export interface NoDeliveryArea {
  code: string;
  name: string;
  kind: NoDeliveryKind;
  zipRanges: readonly (readonly [number, number])[];
}

/** Five-digit ZIP ranges of the refused areas, from the USPS ZIP code list (five-digit codes as numbers). */
const NO_DELIVERY_ZIPS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  AS: [[96799, 96799]],
  GU: [[96910, 96932]],
  MP: [[96950, 96952]],
  PR: [
    [600, 799],
    [900, 999],
  ],
  VI: [[800, 899]],
  AA: [[34000, 34099]],
  AE: [[9000, 9999]],
  AP: [[96200, 96699]],
  FM: [[96941, 96944]],
  MH: [[96960, 96970]],
  PW: [[96939, 96940]],
};

/**
 * Every US postal area the shop refuses (shipping policy: no US territories, no APO/FPO/DPO, no
 * other countries), with its ZIP ranges, so a ZIP code is refused even where the postal data
 * lacks it. The territories are the noDelivery rows of US_STATES; the rest have no state of their own.
 */
export const US_NO_DELIVERY: readonly NoDeliveryArea[] = [
  ...US_STATES.filter((region) => region.noDelivery).map((region) => ({
    code: region.code,
    name: region.name,
    kind: 'territory' as const,
    zipRanges: NO_DELIVERY_ZIPS[region.code] ?? [],
  })),
  ...(
    [
      ['AA', 'Armed Forces Americas (APO/FPO/DPO)', 'military'],
      ['AE', 'Armed Forces Europe (APO/FPO/DPO)', 'military'],
      ['AP', 'Armed Forces Pacific (APO/FPO/DPO)', 'military'],
      ['FM', 'Micronesia', 'country'],
      ['MH', 'Marshall Islands', 'country'],
      ['PW', 'Palau', 'country'],
    ] as const
  ).map(([code, name, kind]) => ({ code, name, kind, zipRanges: NO_DELIVERY_ZIPS[code] ?? [] })),
];

/** Where a market delivers, in the words of the shipping policy and of the refusal message. */
export const DELIVERY_COVERAGE: Readonly<Record<MarketId, string>> = {
  us: 'the 50 states and the District of Columbia',
  ca: 'every Canadian province and territory',
};

/** The message an address in an area the shop does not deliver to gets (checkout, address check). */
export const NO_DELIVERY_MESSAGE = (market: MarketId, area: string) =>
  `We do not ship to ${area}. We ship to ${DELIVERY_COVERAGE[market]} only.`;

/** The market's regions the shop delivers to, in the address form's order. */
export function deliverableRegions(market: MarketId): readonly Region[] {
  return regionsFor(market).filter((region) => !region.noDelivery);
}

/** The areas a market refuses, in the policy's order (territories, military mail, other countries). */
export function noDeliveryAreas(market: MarketId): readonly NoDeliveryArea[] {
  return market === 'us' ? US_NO_DELIVERY : [];
}

/** The refused area a state or province code names (PR, AE, ...), or null when the shop delivers there. */
export function noDeliveryAreaByCode(market: MarketId, code: string): NoDeliveryArea | null {
  return noDeliveryAreas(market).find((area) => area.code === code) ?? null;
}

/**
 * The refused area a postal code lies in, or null (deliverable, or unreadable: validate first).
 * US ZIP codes and ZIP+4 by their first five digits; every Canadian postal code is deliverable.
 */
export function noDeliveryAreaOf(market: MarketId, postalCode: string): NoDeliveryArea | null {
  const compact = postalCode.replace(/[\s-]+/g, '');
  if (market !== 'us' || !/^\d{5}(?:\d{4})?$/.test(compact)) return null;
  const zip = Number(compact.slice(0, 5));
  return US_NO_DELIVERY.find((area) => area.zipRanges.some(([low, high]) => zip >= low && zip <= high)) ?? null;
}

/**
 * Why the shop cannot deliver to this address, or null when it can: the state or province chosen,
 * else the postal code's area (a Puerto Rico ZIP under any state is still Puerto Rico).
 */
export function deliveryRefusal(
  market: MarketId,
  address: { regionCode?: string; postalCode?: string },
): string | null {
  const area =
    (address.regionCode ? noDeliveryAreaByCode(market, address.regionCode) : null) ??
    (address.postalCode ? noDeliveryAreaOf(market, address.postalCode) : null);
  return area ? NO_DELIVERY_MESSAGE(market, area.name) : null;
}

const FRENCH_NAMES: Readonly<Record<string, () => string>> = {
  BC: m.province_bc,
  NB: m.province_nb,
  NL: m.province_nl,
  NS: m.province_ns,
  PE: m.province_pe,
  QC: m.province_qc,
  NT: m.province_nt,
};

/** A state or province as the page's language names it ("Québec", "Colombie-Britannique" in French). */
export function regionName(region: Pick<Region, 'code' | 'name'>): string {
  return FRENCH_NAMES[region.code]?.() ?? region.name;
}
