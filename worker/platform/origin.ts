import { MARKET_IDS, type MarketId } from '../../shared/markets.ts';
import type { Bindings } from '../env.ts';

/**
 * The shop's web origins, one a market, as the deployment configures them (US_ORIGIN, CA_ORIGIN).
 * Every link the shop hands out (emails, sitemaps, hreflang, payment return pages) starts with one
 * of these, never with a request's Host header, which whoever sends the request chooses.
 */

type ConfiguredOrigins = Pick<Bindings, 'US_ORIGIN' | 'CA_ORIGIN'>;

/**
 * The configured web origin of a market, e.g. https://ca.example.com for Canada. A market as stored
 * (a row's text) is taken as it comes: anything but Canada is the US site, as with host names.
 */
export function marketOrigin(env: ConfiguredOrigins, market: MarketId | (string & {})): string {
  return market === 'ca' ? env.CA_ORIGIN : env.US_ORIGIN;
}

/** Every market's configured web origin, by market. */
export function marketOrigins(env: ConfiguredOrigins): Record<MarketId, string> {
  return { us: env.US_ORIGIN, ca: env.CA_ORIGIN };
}

/** The configured web origins as a list (markets' order), for checking where a request came from. */
export function marketOriginList(env: ConfiguredOrigins): string[] {
  return MARKET_IDS.map((market) => marketOrigin(env, market));
}
