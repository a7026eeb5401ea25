import type { FitStatus } from './fitment.ts';
import type { ItemStatus } from './item-status.ts';
import type { Currency } from './markets.ts';
import type { EmissionsFacts, Prop65Listing } from './regulated-parts.ts';
import type { HazmatClass, ShipLimit, SizeClass } from './shipping-limits.ts';

/** The cart's words (§3 Cart, §4 Cart): item types, unusable statuses, the identity key, grouping. */

export const CART_ITEM_TYPES = ['NORMAL', 'TRADE_IN'] as const;
export type CartItemType = (typeof CART_ITEM_TYPES)[number];

/** An item in one of these statuses stays in the cart but cannot be bought (§4). */
export const UNUSABLE_STATUSES = ['OFF_SHELVES', 'DRAFT', 'SOLD_OUT'] as const satisfies readonly ItemStatus[];

/** The most of one line a shopper can buy at once: more is a typing slip, not an order. */
export const MAX_LINE_QUANTITY = 99;
/** The most lines one cart holds; also one fitment lookup's worth of items. */
export const MAX_CART_LINES = 100;
/** The update actions of §7. */
export const CART_ACTIONS = ['UPDATE', 'DELETE'] as const;

export const CART_MSG = {
  notFound: 'This cart could not be found. It may belong to another shopper; a new cart has been started.',
  unknownSku: 'This part could not be found.',
  notSoldHere: 'This part is not sold in your country.',
  soldOut: 'This part is sold out.',
  unavailable: 'This part is no longer available.',
  onlyLeft: (left: number) => `Only ${left} left in stock.`,
  lineLimit: `A cart holds at most ${MAX_CART_LINES} different parts.`,
  quantity: `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`,
  updateQuantity: `must be a whole number from 0 to ${MAX_LINE_QUANTITY}`,
  bundleGone: 'This bundle is no longer available.',
  addOnNeedsThreshold: 'This add-on price needs a qualifying purchase in your cart.',
  notInCart: 'This part is not in your cart.',
} as const;

/** What identifies a line (§3): skuId + itemType (default NORMAL) + bundleId. */
export interface CartItemIdentity {
  skuId: number;
  itemType?: CartItemType | null;
  bundleId?: number | string | null;
}

/** The identity key of a line as one string, e.g. `1042:NORMAL:` or `77:NORMAL:5`. */
export function cartItemKey(item: CartItemIdentity): string {
  return `${item.skuId}:${item.itemType ?? 'NORMAL'}:${item.bundleId ?? ''}`;
}

/** Whether a status makes the line unusable (§4). */
export function isUnusable(status: string): boolean {
  return (UNUSABLE_STATUSES as readonly string[]).includes(status) || status === 'DELETED';
}

export interface CartGroups<T> {
  regular: T[];
  tradeIn: T[];
  bundles: { bundleId: string; items: T[] }[];
  unusable: T[];
}

/**
 * Sorts lines into the §4 groups: unusable first claims any line whose status forbids buying;
 * the rest go to bundles (by bundleId, in first-seen order), trade-in add-ons, or regular.
 */
export function groupCartItems<T extends { itemType: CartItemType; bundleId: string | null; status: string }>(
  items: readonly T[],
): CartGroups<T> {
  const groups: CartGroups<T> = { regular: [], tradeIn: [], bundles: [], unusable: [] };
  for (const item of items) {
    if (isUnusable(item.status)) groups.unusable.push(item);
    else if (item.bundleId) {
      const bundle = groups.bundles.find((group) => group.bundleId === item.bundleId);
      if (bundle) bundle.items.push(item);
      else groups.bundles.push({ bundleId: item.bundleId, items: [item] });
    } else if (item.itemType === 'TRADE_IN') groups.tradeIn.push(item);
    else groups.regular.push(item);
  }
  return groups;
}

/** What a shopper sees of one cart line (§3 Cart item fields, plus what the page needs to show it). */
export interface CartLineView {
  key: string;
  itemId: number;
  skuId: number;
  itemCount: number;
  itemType: CartItemType;
  bundleId: string | null;
  status: string;
  /** The price one unit sells for here, in cents (a bundle's discount included). */
  discountPrice: number;
  originalPrice: number;
  /** The refundable core charge of one unit (issue 40), never discounted; null for a part with no core. */
  coreCharge: number | null;
  currency: Currency;
  seoId: number | null;
  urlHandle: string | null;
  imageUrl: string | null;
  title: string;
  partNumber: string;
  availableTotal: number;
  campaignId: number | null;
  attributeValueId: number | null;
  extraSubTitle: string;
  extraSubTitleJoinVehicle: string;
  /** The fitment result for the current vehicle (§3); null for parts with no fitment (tools, merchandise). */
  carModelMatch: FitStatus | null;
  cartModelAttr: { notes: string[]; positions: string[]; missingLevel: 'trim' | 'engine' | null } | null;
  brandId: number | null;
  /** The part's category, then its parent categories. */
  categoryIds: number[];
  /** discountPrice x itemCount, before promotions. */
  lineTotal: number;
  usable: boolean;
  /** An emissions part's kind, legal status and CARB EO number; null for other parts. */
  emissions: EmissionsFacts | null;
  /** Why the part cannot be shipped where the cart or checkout is going; null when it can (or none is known). */
  shipRefusal: ShipRefusal | null;
  /** The Prop 65 listing a shopper shipping to California is warned of; null for everyone else. */
  prop65: Prop65Listing | null;
  /** How the carriers treat the part (issue 40 item 4); null for an ordinary parcel. */
  hazmat: HazmatClass | null;
  sizeClass: SizeClass | null;
  /** How the part limits the shipping options where the cart is going, and why; null when it does not. */
  shipLimit: ShipLimit | null;
}

/** A part the ship-to state does not allow (issue 40): why, naming it, and the legal parts that fit instead. */
export interface ShipRefusal {
  message: string;
  /** The ship-to state's code. */
  state: string;
  /** The vehicle the alternatives fit; null when the shopper has chosen none. */
  vehicleName: string | null;
  alternatives: {
    itemId: number;
    title: string;
    urlHandle: string | null;
    price: number | null;
    currency: Currency;
  }[];
}

export interface CartLinesView {
  items: CartLineView[];
  groups: {
    regular: string[];
    tradeIn: string[];
    bundles: { bundleId: string; items: string[] }[];
    unusable: string[];
  };
  /** Pieces of usable lines: the header's cart count. */
  itemCount: number;
  vehicleName: string | null;
}

/** A priced cart (§7: cartUUID, detail.items, errors[].error). */
export interface CartAnswer {
  cartUUID: string | null;
  cartToken?: string;
  detail: CartLinesView & { pricing: CartPricing };
  errors: { skuId: number; error: string }[];
}

/** One discount applied to the cart, with the reason a shopper reads. */
export interface CartDiscount {
  promotionId: number | null;
  name: string;
  reason: string;
  source: string;
  amount: number;
  code: string | null;
}

/** What the cart costs, in cents of its currency. */
export interface CartPricing {
  currency: Currency;
  subtotal: number;
  discount: number;
  discounts: CartDiscount[];
  shipping: number;
  shippingDiscount: number;
  shippingName: string | null;
  /** The free-shipping promotion that took shipping off, if one did, and what it is called (a level's names it). */
  shippingPromotionId: number | null;
  shippingDiscountName?: string | null;
  /** Cents paid with points, and the points that takes. */
  points: number;
  pointsUsed: number;
  /** The refundable core charges of the usable lines (issue 40): not discounted, part of the total. */
  coreCharges: number;
  /** What the cart costs: the promotions' total (parts, shipping, discounts, points) plus the core charges. */
  total: number;
  /** Codes the shopper entered that do not apply, each with why. */
  rejected: { code: string | null; reason: string }[];
  promotionCodes: string[];
  /** Offers the cart has not reached yet ('Spend $12.00 more to get 10% off'). */
  hints: string[];
  /** Add-on offers (exchange purchase) and whether the cart qualifies. */
  exchangeOffers: { promotionId: number; name: string; qualifies: boolean; reason: string; skuIds: number[] }[];
  giveaways: { promotionId: number; name: string; reason: string; skuId: number; quantity: number }[];
  /** The add-on parts offered (§9 'Instantly SAVE up to 60% on Add-on items below.'), each at its add-on price. */
  addOnItems: {
    promotionId: number;
    skuId: number;
    title: string;
    imageUrl: string | null;
    urlHandle: string | null;
    price: number;
    originalPrice: number;
    qualifies: boolean;
    inCart: boolean;
  }[];
  /** Every shipping option with its cost for this cart and postal code; the chosen one is shippingName. */
  shippingOptions: { name: string; cost: number }[];
  /** The postal code shipping was estimated for, when one is known. */
  postCode: string | null;
  /** Each line's share of the discounts, so a refund of one line is exact. */
  lineDiscounts: { key: string; discount: number; total: number }[];
}
