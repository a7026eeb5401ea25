import type { MarketId } from './markets.ts';

/**
 * Each state's and province's clock (IANA time zones), and the calendar day on it.
 *
 * Why the ship-to region's clock and not the shop's: a resale certificate's expiry is a calendar
 * day in the buyer's jurisdiction, and a sale is sourced to where the parts are delivered (US
 * destination sourcing; Canada taxes by the ship-to province). "Expires on December 31" therefore
 * means the end of December 31 where the order is shipped: a Los Angeles garage ordering at 23:30
 * on December 31 is still exempt, though it is already January 1 in Columbus (the US warehouse)
 * and in UTC. Judging it by the shop's own zone would charge West Coast buyers tax three hours
 * (Hawaii five) early. A state that spans two zones is read on the zone most of it lives in (its
 * capital's, in every case here): an hour either way at one border, on one day, where the other
 * choices are wrong for whole states.
 */
const US_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  AS: 'Pacific/Pago_Pago',
  GU: 'Pacific/Guam',
  MP: 'Pacific/Saipan',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
};

const CA_ZONES: Readonly<Record<string, string>> = {
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  YT: 'America/Whitehorse',
};

/** Where a region code is unknown: the market's warehouse clock (shipping-options.ts names the same zones). */
const MARKET_ZONE: Readonly<Record<MarketId, string>> = { us: 'America/New_York', ca: 'America/Toronto' };

/** The time zone of a state or province of the market. */
export function regionTimeZone(market: MarketId, region: string): string {
  return (market === 'ca' ? CA_ZONES : US_ZONES)[region] ?? MARKET_ZONE[market];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) at `ms` on a time zone's clock. */
export function dayIn(timeZone: string, ms: number): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar day in a state or province of the market at `ms`. */
export const regionDay = (market: MarketId, region: string, ms: number) => dayIn(regionTimeZone(market, region), ms);
