/**
 * Parts the law treats differently (issue 40): where emissions parts may be sold, and who sees a
 * Proposition 65 warning. The rules are data an owner can read and change here; the catalog, the
 * cart, checkout and the place-order flow all ask these functions, so they never disagree.
 */
import type { MarketId } from './markets.ts';
import { US_STATES } from './regions.ts';
import { formatTag } from './i18n/format.ts';
import * as m from './i18n/generated/messages.js';

/** Names joined as the language joins them: "lead and nickel", "le plomb et le nickel". */
const joinWords = (words: readonly string[]) =>
  new Intl.ListFormat(formatTag(), { style: 'long', type: 'conjunction' }).format(words);

/** The kinds of emissions-related parts the rules speak of (item.emissions_kind). */
export const EMISSIONS_KINDS = ['CATALYTIC_CONVERTER', 'EXHAUST_MANIFOLD'] as const;
export type EmissionsKind = (typeof EMISSIONS_KINDS)[number];

/**
 * An emissions part's legal status (item.emissions_status, PIES EXPI code EMS): sold in all 50
 * states under a CARB Executive Order number; not legal in California (nor where a state follows
 * it for the part's kind); off-road use only (treated as not legal wherever a 49-state part is not).
 */
export const EMISSIONS_STATUSES = ['FIFTY_STATE', 'FORTY_NINE_STATE', 'OFF_ROAD'] as const;
export type EmissionsStatus = (typeof EMISSIONS_STATUSES)[number];

/** An emissions part as the catalog keeps it. */
export interface EmissionsFacts {
  kind: EmissionsKind;
  status: EmissionsStatus;
  /** The CARB Executive Order number, e.g. "D-193-139"; a FIFTY_STATE part always has one. */
  eo: string | null;
}

/** A state that allows only CARB-approved (FIFTY_STATE) parts of some kinds. */
export interface EmissionsStateRule {
  /** The US state's postal code. */
  state: string;
  /** The kinds the state restricts; 'ALL' for every emissions part. */
  kinds: 'ALL' | readonly EmissionsKind[];
  /** The first vehicle model year the rule covers; null for every model year. */
  fromModelYear: number | null;
}

/**
 * Where a part without a CARB EO number may not be shipped. California (CARB, since 2009) restricts
 * every emissions part on vehicles registered there. New York and Maine follow it for catalytic
 * converters, and Colorado for converters on model year 2001 and newer vehicles.
 *
 * Assumption (to be confirmed by the owner with counsel before relying on it): the other states'
 * model-year scopes are as the issue states them; a state's rule applies whatever the vehicle's model
 * year when the shopper has not told us the vehicle, since refusing a legal sale costs less than
 * making an illegal one.
 */
export const EMISSIONS_STATE_RULES: readonly EmissionsStateRule[] = [
  { state: 'CA', kinds: 'ALL', fromModelYear: null },
  { state: 'NY', kinds: ['CATALYTIC_CONVERTER'], fromModelYear: null },
  { state: 'ME', kinds: ['CATALYTIC_CONVERTER'], fromModelYear: null },
  { state: 'CO', kinds: ['CATALYTIC_CONVERTER'], fromModelYear: 2001 },
];

/** A US state's name by its code (the code itself when unknown). */
export const stateName = (code: string): string => US_STATES.find((state) => state.code === code)?.name ?? code;

/**
 * The rule that keeps this part from a ship-to region, or null when it may be sold there: FIFTY_STATE
 * parts and non-emissions parts everywhere, others except where a rule covers their kind and the
 * vehicle's model year (unknown: covered). Only the US market has such rules.
 */
export function emissionsRefusal(
  part: EmissionsFacts | null,
  to: { market: MarketId; regionCode: string | null },
  modelYear: number | null,
): EmissionsStateRule | null {
  if (!part || part.status === 'FIFTY_STATE' || to.market !== 'us' || !to.regionCode) return null;
  return (
    EMISSIONS_STATE_RULES.find(
      (rule) =>
        rule.state === to.regionCode &&
        (rule.kinds === 'ALL' || rule.kinds.includes(part.kind)) &&
        (rule.fromModelYear === null || modelYear === null || modelYear >= rule.fromModelYear),
    ) ?? null
  );
}

/** The states whose rules keep a part of this kind out, for the product page ("Not shipped to …"). */
export function restrictedStates(kind: EmissionsKind): EmissionsStateRule[] {
  return EMISSIONS_STATE_RULES.filter((rule) => rule.kinds === 'ALL' || rule.kinds.includes(kind));
}

/** "Not shipped to California, New York, Maine and Colorado (model year 2001 and newer)." */
export function notShippedToText(part: EmissionsFacts): string | null {
  if (part.status === 'FIFTY_STATE') return null;
  const states = restrictedStates(part.kind).map((rule) =>
    rule.fromModelYear === null
      ? stateName(rule.state)
      : m.emissions_state_from_year({ state: stateName(rule.state), year: rule.fromModelYear }),
  );
  return m.emissions_not_shipped_to({ states: joinWords(states) });
}

/** Why a part cannot be shipped to a state, naming the part (cart, checkout and the place-order flow). */
export function emissionsRefusalText(title: string, rule: EmissionsStateRule): string {
  const state = stateName(rule.state);
  return rule.fromModelYear === null
    ? m.emissions_refused({ title, state })
    : m.emissions_refused_from_year({ title, state, year: rule.fromModelYear });
}

/** The part's legal status as the product page and cart say it. */
export function emissionsStatusText(part: EmissionsFacts): string {
  if (part.status === 'FIFTY_STATE') return m.emissions_fifty_state({ eo: part.eo ?? '' });
  if (part.status === 'FORTY_NINE_STATE') return m.emissions_forty_nine_state();
  return m.emissions_off_road();
}

/** Reads an emissions part off the catalog's columns; null when it is not one (or is half-filled). */
export function emissionsOf(row: {
  emissionsKind?: string | null;
  emissionsStatus?: string | null;
  carbEo?: string | null;
}): EmissionsFacts | null {
  const kind = EMISSIONS_KINDS.find((k) => k === row.emissionsKind);
  const status = EMISSIONS_STATUSES.find((s) => s === row.emissionsStatus);
  if (!kind) return null;
  // An emissions part the catalog gave no status is treated as not CARB-approved.
  return { kind, status: status ?? 'FORTY_NINE_STATE', eo: row.carbEo ?? null };
}

/** What a Proposition 65 listing warns of. */
export const PROP65_KINDS = ['CANCER', 'REPRODUCTIVE', 'BOTH'] as const;
export type Prop65Kind = (typeof PROP65_KINDS)[number];

/** A part's Prop 65 listing: the chemicals its warning names and what they are known to cause. */
export interface Prop65Listing {
  kind: Prop65Kind;
  chemicals: string[];
}

/** The regions whose shoppers see Prop 65 warnings: California only. */
export const PROP65_REGIONS: readonly string[] = ['CA'];

/** California's five-digit ZIP codes (USPS 900xx-961xx): a stored ZIP code tells a Californian apart. */
export const CALIFORNIA_ZIPS: readonly [number, number] = [90000, 96199];

/** The official warnings website the warning links to. */
export const P65_WARNINGS_URL = 'https://www.P65Warnings.ca.gov';
/** The website as the warning's text names it (the part of the text that is the link). */
export const P65_WARNINGS_TEXT = 'www.P65Warnings.ca.gov';

/** Whether a shopper shipping to this region sees Prop 65 warnings. */
export function prop65Applies(market: MarketId, regionCode: string | null | undefined): boolean {
  return market === 'us' && !!regionCode && PROP65_REGIONS.includes(regionCode);
}

/** Whether a US ZIP code (five digits, or ZIP+4) is in California. */
export function isCaliforniaZip(code: string | null | undefined): boolean {
  const match = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(code ?? '');
  if (!match) return false;
  const zip = Number(match[1]);
  return zip >= CALIFORNIA_ZIPS[0] && zip <= CALIFORNIA_ZIPS[1];
}

/** Reads a Prop 65 listing off the catalog's columns (a JSON array of names); null when there is none. */
export function prop65Of(row: { prop65Kind?: string | null; prop65Chemicals?: string | null }): Prop65Listing | null {
  const kind = PROP65_KINDS.find((k) => k === row.prop65Kind);
  if (!kind) return null;
  let chemicals: unknown;
  try {
    chemicals = JSON.parse(row.prop65Chemicals ?? '[]');
  } catch {
    return null;
  }
  if (!Array.isArray(chemicals)) return null;
  const names = chemicals.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  return names.length > 0 ? { kind, chemicals: names } : null;
}

/** A listing as an order line keeps it (JSON), and back. */
export const prop65Json = (listing: Prop65Listing | null): string | null =>
  listing ? JSON.stringify({ kind: listing.kind, chemicals: listing.chemicals }) : null;
export function prop65FromJson(text: string | null | undefined): Prop65Listing | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { kind?: string; chemicals?: unknown };
    return prop65Of({ prop65Kind: value.kind ?? null, prop65Chemicals: JSON.stringify(value.chemicals ?? []) });
  } catch {
    return null;
  }
}

/**
 * The safe-harbor warning (27 CCR § 25603): "WARNING: This product can expose you to chemicals
 * including lead, which is known to the State of California to cause cancer. For more information
 * go to www.P65Warnings.ca.gov." The website is P65_WARNINGS_TEXT within it, for a page to link.
 */
export function prop65Text(listing: Prop65Listing): string {
  const chemicals = joinWords(listing.chemicals);
  const count = listing.chemicals.length;
  if (listing.kind === 'CANCER') return m.prop65_cancer({ chemicals, count });
  if (listing.kind === 'REPRODUCTIVE') return m.prop65_reproductive({ chemicals, count });
  return m.prop65_both({ chemicals, count });
}
