import type { Currency, MarketId } from '../../shared/markets.ts';
import { marketById } from '../../shared/markets.ts';
import { vehicleName } from '../../shared/vehicle.ts';
import { type CartCredentials, cartForPage } from '../cart/service.ts';
import { vehicleById } from '../vehicles/service.ts';
import type { ChatDeps } from './deps.ts';

/** The shopper's cart beside a conversation: each line's title, quantity and unit price (cents), and the total. */
export interface ShopperCart {
  currency: Currency;
  lines: { title: string; quantity: number; price: number }[];
  total: number;
}

/** What the launcher says of the shopper: the page they are on and the vehicle chosen in their garage. */
export interface ShopperWhereabouts {
  page?: string;
  vehicle?: string;
  attributeValueId?: number;
}

/** Whose cart a request reaches: the market, and the cart cookie or member account it came with. */
export interface CartReach {
  market: MarketId;
  cart: CartCredentials;
}

/**
 * The shopper's cart as the server reads it from their own credentials (the cart cookie or their
 * account), never from lines the browser sends; null when they have none, or it is empty or refused.
 */
export async function readShopperCart(deps: ChatDeps, reach: CartReach): Promise<ShopperCart | null> {
  const answer = await cartForPage(deps.db, reach.cart, marketById(reach.market), deps.clock.now());
  if (!answer || answer.detail.items.length === 0) return null;
  return {
    currency: answer.detail.pricing.currency,
    lines: answer.detail.items.map((line) => ({
      title: line.title,
      quantity: line.itemCount,
      price: line.discountPrice,
    })),
    total: answer.detail.pricing.total,
  };
}

/** The vehicle's full name from the vehicle base when its id is known, else the name the launcher sent. */
export async function chosenVehicle(deps: ChatDeps, where: ShopperWhereabouts): Promise<string | null> {
  const vehicle = where.attributeValueId ? await vehicleById(deps.db, where.attributeValueId) : null;
  if (vehicle) return vehicleName(vehicle, true);
  return where.vehicle?.trim() || null;
}

/** The cart kept with a conversation, or null (none read, or a value this code did not write). */
export function shopperCartOf(json: string | null): ShopperCart | null {
  if (!json) return null;
  try {
    const cart = JSON.parse(json) as ShopperCart;
    return Array.isArray(cart.lines) ? cart : null;
  } catch {
    return null;
  }
}
