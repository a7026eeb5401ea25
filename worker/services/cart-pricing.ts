import type { Market } from '../../shared/markets.ts';
import type { CartRow } from '../db/cart-repository.ts';
import type { CartLinesView } from './cart-view.ts';

/** What the cart costs: subtotal of the usable lines, discounts with their reasons, shipping, total (cents). */
export interface CartPricingView {
  currency: 'USD' | 'CAD';
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

/** Prices the cart's usable lines. */
export async function priceCartView(_db: D1Database, _cart: CartRow | null, market: Market, lines: CartLinesView): Promise<CartPricingView> {
  const subtotal = lines.items.reduce((sum, item) => sum + item.lineTotal, 0);
  return { currency: market.currency, subtotal, discount: 0, shipping: 0, total: subtotal };
}
