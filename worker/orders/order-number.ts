import type { Market } from '../../shared/markets.ts';

/** Crockford's base-32: no I, L, O or U, so a number read out on the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new order number: the market, the day placed, and 80 random bits in four groups, e.g.
 * US250612-K7Q2-M9X4-T8B1-H3QZ. Numbers are not guessable, so knowing one says nothing about
 * the next, and two orders placed at once practically never share one (a collision is retried).
 */
export function newOrderNumber(market: Market, now: number): string {
  const day = new Date(now).toISOString().slice(2, 10).replace(/-/g, '');
  const random = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => ALPHABET[byte % 32]).join('');
  return `${market.id.toUpperCase()}${day}-${random.match(/.{4}/g)!.join('-')}`;
}
