import type { CartLinesView, CartPricing } from '../../shared/cart.ts';
import type { Market } from '../../shared/markets.ts';
import type { CartRow } from '../db/cart-repository.ts';

/** Prices the cart's usable lines. */
export async function priceCartView(_db: D1Database, cart: CartRow | null, market: Market, lines: CartLinesView): Promise<CartPricing> {
  const subtotal = lines.items.reduce((sum, item) => sum + item.lineTotal, 0);
  return {
    currency: market.currency, subtotal, discount: 0, discounts: [], shipping: 0, shippingDiscount: 0, shippingName: null, points: 0,
    total: subtotal, rejected: [], promotionCodes: cart?.promotionCodes ?? [],
  };
}
