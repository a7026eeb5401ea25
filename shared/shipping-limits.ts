/**
 * Shipping limits per part (issue 40, item 4): which parts the carriers treat as hazardous or
 * oversize, where they cannot go, and what that does to the shipping options. The rules are data an
 * owner can read and change here; the shipping quote, the cart, checkout, the place-order flow and
 * the product page all ask these functions, so they never disagree.
 */
import type { MarketId } from './markets.ts';
import { FREIGHT_OPTIONS, SHIPPING_OPTIONS, type OfferedShippingOption } from './shipping-options.ts';
import * as m from './i18n/generated/messages.js';

/** The hazardous-materials classes of the parts the shop sells (item.hazmat_class). */
export const HAZMAT_CLASSES = ['LEAD_ACID_BATTERY', 'AEROSOL', 'FLAMMABLE_LIQUID', 'AIRBAG_INFLATOR'] as const;
export type HazmatClass = (typeof HAZMAT_CLASSES)[number];

/** A class as the carriers' papers name it: the UN number and the DOT / TDG hazard class. */
export interface HazmatFacts {
  un: string;
  hazardClass: string;
  /** What the shopper reads ("lead-acid battery"), in the page's language. */
  name: () => string;
}

/**
 * The classes (49 CFR 172.101 / Canada's TDG list): wet lead-acid batteries UN2794 class 8
 * (corrosive); aerosols UN1950 class 2.1, shipped as limited quantity (formerly ORM-D); fuel additives
 * and other flammable liquids UN1993 class 3; airbag inflators and modules UN3268 class 9. Every one
 * ships by ground only: the shop does not offer them as air cargo.
 */
export const HAZMAT: Readonly<Record<HazmatClass, HazmatFacts>> = {
  LEAD_ACID_BATTERY: { un: 'UN2794', hazardClass: '8', name: () => m.hazmat_lead_acid_battery() },
  AEROSOL: { un: 'UN1950', hazardClass: '2.1', name: () => m.hazmat_aerosol() },
  FLAMMABLE_LIQUID: { un: 'UN1993', hazardClass: '3', name: () => m.hazmat_flammable_liquid() },
  AIRBAG_INFLATOR: { un: 'UN3268', hazardClass: '9', name: () => m.hazmat_airbag_inflator() },
};

/** A part's size class (item.size_class); null is an ordinary parcel. */
export const SIZE_CLASSES = ['OVERSIZE', 'FREIGHT'] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];

/**
 * Which kinds of parts carry which class, by their category's handle: what the catalog generator gives
 * and what `npm run data:check` expects of every part in these categories. Batteries (AGM ones too:
 * the shop does not ship any battery by air); aerosols, fuel additives and airbag modules where the
 * catalog has them; exhaust, body panels and radiators oversize; hoods and complete exhaust systems by
 * freight only.
 */
export const HAZMAT_BY_CATEGORY: Readonly<Record<string, HazmatClass>> = {
  batteries: 'LEAD_ACID_BATTERY',
  'aerosol-cleaners': 'AEROSOL',
  'fuel-additives': 'FLAMMABLE_LIQUID',
  airbags: 'AIRBAG_INFLATOR',
};
export const SIZE_BY_CATEGORY: Readonly<Record<string, SizeClass>> = {
  mufflers: 'OVERSIZE',
  'bumper-covers': 'OVERSIZE',
  fenders: 'OVERSIZE',
  radiators: 'OVERSIZE',
  'brake-drums': 'OVERSIZE',
  hoods: 'FREIGHT',
  'exhaust-systems': 'FREIGHT',
};

/**
 * The freight surcharge an oversize part adds to every parcel option, per unit, in cents of the
 * market's currency (carriers bill a box over 130 in. length plus girth as oversize).
 */
export const OVERSIZE_SURCHARGE: Readonly<Record<MarketId, number>> = { us: 2499, ca: 3299 };

/** A destination the carriers treat apart, and what reaches it. */
export interface ShipZone {
  code: string;
  /** Its name in the page's language ("Hawaii", "Hawaï"). */
  name: () => string;
  /** A ground (road, rail or barge) route reaches it: hazardous parts may go. */
  ground: boolean;
  /** The shop's freight carrier delivers there: freight-only parts may go. */
  freight: boolean;
}

/**
 * US destinations by three-digit ZIP prefix (USPS list). Alaska is reached by road and barge
 * (ground, no freight service); Hawaii, Puerto Rico and the U.S. islands and military mail
 * (APO/FPO/DPO) only by air: no hazardous part and no freight reaches them. (The shop does not
 * deliver to the islands or military mail at all: regions.ts; the rule here says why a battery
 * could not go even if it did.)
 */
const US_ZONES: readonly { prefixes: readonly [number, number]; zone: ShipZone }[] = [
  { prefixes: [995, 999], zone: { code: 'AK', name: () => m.zone_alaska(), ground: true, freight: false } },
  { prefixes: [967, 968], zone: { code: 'HI', name: () => m.zone_hawaii(), ground: false, freight: false } },
  { prefixes: [6, 9], zone: { code: 'PR', name: () => m.zone_puerto_rico(), ground: false, freight: false } },
  { prefixes: [969, 969], zone: { code: 'GU', name: () => m.zone_pacific_islands(), ground: false, freight: false } },
  { prefixes: [90, 98], zone: { code: 'AE', name: () => m.zone_military(), ground: false, freight: false } },
  { prefixes: [340, 340], zone: { code: 'AA', name: () => m.zone_military(), ground: false, freight: false } },
  { prefixes: [962, 966], zone: { code: 'AP', name: () => m.zone_military(), ground: false, freight: false } },
];

/** The state codes of the US zones, for an address whose ZIP code the shop cannot read. */
const US_ZONE_STATES: Readonly<Record<string, string>> = { AK: 'AK', HI: 'HI', PR: 'PR', GU: 'GU', VI: 'PR' };

/**
 * Canadian forward sortation areas reached by air only (fly-in communities): Nunavut (X0A, X0B, X0C),
 * Nunavik QC (J0M), Ontario's far north (P0V) and Fort Chipewyan AB (T0P, a winter road a few weeks a
 * year). Assumption for the owner to confirm with the carrier: the other remote areas (Yukon, the
 * Northwest Territories, coastal Labrador, northern Manitoba, the islands served by ferry) have a
 * ground or ferry route but no freight service.
 */
const CA_FLY_IN_FSAS: ReadonlySet<string> = new Set(['X0A', 'X0B', 'X0C', 'J0M', 'P0V', 'T0P']);
const CA_NO_FREIGHT_FSAS: ReadonlySet<string> = new Set(['A0P', 'G4T', 'R0B', 'T0V', 'V0T', 'V0W']);

/** The zone a postal code lies in, or null for an ordinary destination (or an unreadable code). */
export function shipZoneOf(market: MarketId, postalCode: string | null, regionCode?: string | null): ShipZone | null {
  const compact = (postalCode ?? '').replace(/[\s-]+/g, '').toUpperCase();
  if (market === 'us') {
    if (/^\d{5}(?:\d{4})?$/.test(compact)) {
      const prefix = Number(compact.slice(0, 3));
      return US_ZONES.find(({ prefixes: [low, high] }) => prefix >= low && prefix <= high)?.zone ?? null;
    }
    const code = regionCode ? US_ZONE_STATES[regionCode] : undefined;
    return code ? (US_ZONES.find(({ zone }) => zone.code === code)?.zone ?? null) : null;
  }
  const fsa = /^[A-Z]\d[A-Z]/.test(compact) ? compact.slice(0, 3) : null;
  if (fsa && CA_FLY_IN_FSAS.has(fsa)) return { code: fsa, name: () => m.zone_fly_in(), ground: false, freight: false };
  if ((fsa && (fsa.startsWith('X') || fsa.startsWith('Y') || CA_NO_FREIGHT_FSAS.has(fsa))) || regionCode === 'YT')
    return { code: fsa ?? 'YT', name: () => m.zone_remote_north(), ground: true, freight: false };
  return null;
}

/** A cart line as the limits see it. */
export interface LimitedLine {
  key: string;
  title: string;
  quantity: number;
  hazmat: HazmatClass | null;
  sizeClass: SizeClass | null;
}

/**
 * Why a line limits the shipping: GROUND_ONLY (air options left out), NO_ROUTE (cannot ship to the
 * destination at all), OVERSIZE (a surcharge per unit), FREIGHT_ONLY (only the freight option).
 */
export type ShipLimitKind = 'GROUND_ONLY' | 'NO_ROUTE' | 'OVERSIZE' | 'FREIGHT_ONLY';
export interface ShipLimit {
  kind: ShipLimitKind;
  message: string;
}

const hazmatLabel = (hazmat: HazmatClass) =>
  `${HAZMAT[hazmat].name()}, ${HAZMAT[hazmat].un}, ${m.hazmat_class({ class: HAZMAT[hazmat].hazardClass })}`;

/**
 * What limits one line's shipping to a destination (null: nothing), with the shopper's message naming
 * the part. `surcharge` is the market's oversize surcharge already formatted for the message.
 */
export function lineLimit(
  line: Pick<LimitedLine, 'title' | 'hazmat' | 'sizeClass'>,
  zone: ShipZone | null,
  surcharge: string,
): ShipLimit | null {
  const { title, hazmat, sizeClass } = line;
  if (hazmat && zone && !zone.ground)
    return {
      kind: 'NO_ROUTE',
      message: m.ship_limit_no_route({ title, place: zone.name(), hazmat: hazmatLabel(hazmat) }),
    };
  if (sizeClass === 'FREIGHT' && zone && !zone.freight)
    return { kind: 'NO_ROUTE', message: m.ship_limit_no_freight({ title, place: zone.name() }) };
  if (sizeClass === 'FREIGHT') return { kind: 'FREIGHT_ONLY', message: m.ship_limit_freight_only({ title }) };
  if (hazmat) return { kind: 'GROUND_ONLY', message: m.ship_limit_ground_only({ title, hazmat: hazmatLabel(hazmat) }) };
  if (sizeClass === 'OVERSIZE')
    return { kind: 'OVERSIZE', message: m.ship_limit_oversize({ title, amount: surcharge }) };
  return null;
}

/** An option the limits leave, with the surcharge its cost carries. */
export type LimitedOption = OfferedShippingOption & { surcharge: number };

/**
 * The options offered for these lines: none when a line cannot ship there; only the freight option
 * when a line is freight-only; ground options only when a line is hazardous; every parcel option
 * carries the oversize surcharge of the oversize units. Lines without a class change nothing.
 */
export function limitOptions(
  market: MarketId,
  options: readonly OfferedShippingOption[],
  lines: readonly LimitedLine[],
  zone: ShipZone | null,
): LimitedOption[] {
  if (lines.some((line) => line.hazmat !== null && zone !== null && !zone.ground)) return [];
  if (lines.some((line) => line.sizeClass === 'FREIGHT'))
    return zone && !zone.freight ? [] : [{ ...FREIGHT_OPTIONS[market], surcharge: 0 }];
  const groundOnly = lines.some((line) => line.hazmat !== null);
  const oversize = lines.reduce((sum, line) => sum + (line.sizeClass === 'OVERSIZE' ? line.quantity : 0), 0);
  return options
    .filter((option) => !groundOnly || option.mode === 'GROUND')
    .map((option) => ({ ...option, surcharge: oversize * OVERSIZE_SURCHARGE[market] }));
}

/** Reads the classes off the catalog's columns; anything else is none. */
export const hazmatOf = (value: string | null | undefined): HazmatClass | null =>
  HAZMAT_CLASSES.find((code) => code === value) ?? null;
export const sizeClassOf = (value: string | null | undefined): SizeClass | null =>
  SIZE_CLASSES.find((code) => code === value) ?? null;

/**
 * Why these lines cannot go to an address by the option an order was placed with (a change of
 * address): a line no route brings there, naming it, else the option is no longer offered for them
 * there (null: it still is). Parts without a class never refuse.
 */
export function routeRefusal(
  market: MarketId,
  optionName: string,
  lines: readonly LimitedLine[],
  address: { postalCode: string; regionCode: string },
): string | null {
  const zone = shipZoneOf(market, address.postalCode, address.regionCode);
  for (const line of lines) {
    const limit = lineLimit(line, zone, '');
    if (limit?.kind === 'NO_ROUTE') return limit.message;
  }
  const offered = limitOptions(market, SHIPPING_OPTIONS[market], lines, zone);
  return offered.some((option) => option.name === optionName) ? null : m.ship_limit_option_gone({ option: optionName });
}
