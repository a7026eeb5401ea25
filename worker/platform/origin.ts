import type { MarketId } from '../../shared/markets.ts';
import type { Bindings } from '../env.ts';

/** The configured web origin of a market: links the shop hands out never come from a request's Host header. */
export function marketOrigin(env: Pick<Bindings, 'US_ORIGIN' | 'CA_ORIGIN'>, market: MarketId | string): string {
  return market === 'ca' ? env.CA_ORIGIN : env.US_ORIGIN;
}
