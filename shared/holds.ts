import { formatMoney } from './money.ts';
import type { Currency } from './markets.ts';
import { STOCK_HOLD_MINUTES } from './orders.ts';

/**
 * How much stock an unpaid order may hold, and for how long (issue 35 finding 2). Every order
 * holds its parts from placing until it is paid, so an unpaid order is sized the way shops cap an
 * unpaid cart: a few of each part, a value a repair's parts rarely reach, a shorter hold for a
 * guest's or a large order, and never more than a share of any part's stock held by unpaid orders
 * together. Paid orders keep their parts whatever their size.
 */

export const UNPAID_ORDER_CAPS = {
  /** Units of one part an unpaid order may hold: a V8's plugs or coils, two axles' rotors with room to spare. */
  unitsPerSku: 10,
  /** The most an unpaid order may be worth (its total), per currency: well above a repair's parts. */
  totalCent: { USD: 300_000, CAD: 400_000 } satisfies Record<Currency, number>,
  /** At or above this total an order is large and holds its parts for less time. */
  largeTotalCent: { USD: 100_000, CAD: 135_000 } satisfies Record<Currency, number>,
  /** At or above this many units (all parts together) an order is large. */
  largeUnits: 20,
  /** The share of a part's stock (on the shelf plus held) unpaid orders may hold together. */
  heldShare: 0.5,
} as const;

/** Minutes an unpaid order holds its parts: 30 for a member, 15 for a guest's or a large order, 10 for both. */
export const HOLD_MINUTES = { member: STOCK_HOLD_MINUTES, guestOrLarge: 15, guestAndLarge: 10 } as const;

/** The shortest hold any order gets: an order placed at t holds its parts until t + this at least. */
export const SHORTEST_HOLD_MINUTES = Math.min(...Object.values(HOLD_MINUTES));

/** What an order is, for the length of its hold. */
export interface HoldSizing {
  guest: boolean;
  totalCent: number;
  currency: Currency;
  units: number;
}

/** Whether an order is large: worth the large total, or holding the large number of units. */
export function isLargeOrder(order: HoldSizing): boolean {
  return (
    order.totalCent >= UNPAID_ORDER_CAPS.largeTotalCent[order.currency] || order.units >= UNPAID_ORDER_CAPS.largeUnits
  );
}

/** How many minutes this order holds its parts unpaid (and how long one extension in the payment window adds). */
export function holdMinutes(order: HoldSizing): number {
  const large = isLargeOrder(order);
  if (order.guest && large) return HOLD_MINUTES.guestAndLarge;
  return order.guest || large ? HOLD_MINUTES.guestOrLarge : HOLD_MINUTES.member;
}

/**
 * The most of one part unpaid orders may hold together: half its stock, and never less than one
 * order may take, so a part with a handful on the shelf can still be bought whole.
 */
export function heldCeiling(stockOnHand: number): number {
  return Math.max(UNPAID_ORDER_CAPS.unitsPerSku, Math.floor(stockOnHand * UNPAID_ORDER_CAPS.heldShare));
}

/** What the shopper is told when an unpaid order is too big to hold. */
export const HOLD_MSG = {
  unitsPerSku: (title: string) =>
    `You can order up to ${UNPAID_ORDER_CAPS.unitsPerSku} of ${title} in one order. ` +
    'Please lower the quantity in your cart.',
  total: (currency: Currency) =>
    `An order can be worth up to ${formatMoney({ cent: UNPAID_ORDER_CAPS.totalCent[currency], currency })}. ` +
    'Please split your cart into smaller orders, or contact us for a larger one.',
  heldByOthers: (title: string) =>
    `${title} is in other shoppers' orders awaiting payment right now. ` +
    'Please try again in a few minutes, or order fewer.',
} as const;
