import type { CheckoutQuote } from './api/checkout.ts';
import type { CartPricing } from './cart.ts';
import type { OrderView } from './orders.ts';
import type { CartPricing as EnginePricing } from './promotions/types.ts';
import * as m from './i18n/generated/messages.js';
import { shippingOptionName } from './shipping.ts';
import { localRate, taxName } from './tax-words.ts';

/**
 * The money rows under a cart's or an order's lines, in the order a receipt reads: subtotal,
 * each discount with its reason, shipping (and its discount where it is shown apart), each tax,
 * points, total. The cart, checkout, the order pages and emails, the back office's order page and
 * the promotion preview all render these rows; each turns its own source into a Receipt first.
 * Pure: no I/O, no formatting (the screens format cents in the receipt's currency); the labels are in the
 * language being spoken (the message catalogues).
 */

export type ReceiptRowKind =
  | 'subtotal'
  | 'discount'
  | 'core'
  | 'shipping'
  | 'shipping-discount'
  | 'tax'
  | 'points'
  | 'total';

/** One row of a receipt. */
export interface ReceiptRow {
  kind: ReceiptRowKind;
  label: string;
  /** What the row says beside its label (a discount's reason, the points redeemed), or null. */
  detail: string | null;
  /** Cents, signed as the row counts towards the total: a discount or points are negative. */
  amount: number;
  /** What names the row among its kind where a page marks it (a discount's source, a tax's name), or null. */
  key: string | null;
}

/** A discount as a receipt shows it; `amount` is the cents it takes off. */
export interface ReceiptDiscount {
  name: string;
  reason: string | null;
  amount: number;
  source?: string | null;
}

/** What a receipt is made of, whatever it is the receipt of. */
export interface Receipt {
  subtotal: number;
  discounts: readonly ReceiptDiscount[];
  /** The refundable core charges (issue 40), a row of their own after the discounts (never discounted); 0: none. */
  coreCharges?: number;
  /** The shipping row: the option's name (or none yet) and the cents it adds. */
  shipping: { name: string | null; amount: number };
  /** A shipping discount shown as a row of its own under shipping (checkout), when there is one. */
  shippingDiscount?: { name: string; amount: number; reason?: string | null } | null;
  taxes: readonly { name: string; rateLabel: string; amount: number }[];
  /** Cents paid with points and how many points that took. */
  points: { cents: number; used: number };
  total: number;
}

/** How a screen words the rows whose words differ between screens; by default, as the order's own pages do. */
export interface ReceiptWording {
  /** The subtotal's label ("Items (3)" at checkout); "Subtotal" by default. */
  subtotal?: string;
  /** The shipping row's label; "Shipping (<option>)" by default. */
  shipping?: string;
  /** The total's label ("Total before tax" before tax is known); "Total" by default. */
  total?: string;
  /** Points counted in the label, "Points (200)", rather than told in the detail, "200 points redeemed". */
  pointsInLabel?: boolean;
}

const row = (
  kind: ReceiptRowKind,
  label: string,
  amount: number,
  detail: string | null = null,
  key: string | null = null,
) => ({ kind, label, detail, amount, key }) satisfies ReceiptRow;

/** The receipt's rows, in reading order; rows of nothing (no shipping discount, no points) are left out. */
export function receiptRows(receipt: Receipt, wording: ReceiptWording = {}): ReceiptRow[] {
  const { shipping, shippingDiscount, points } = receipt;
  const shippingLabel =
    wording.shipping ?? (shipping.name ? m.shipping_named({ name: shippingOptionName(shipping.name) }) : m.shipping());
  const pointsRow = wording.pointsInLabel
    ? row('points', m.points_count({ count: points.used }), -points.cents)
    : row('points', m.points(), -points.cents, m.email_order_points_redeemed({ count: points.used }));
  return [
    row('subtotal', wording.subtotal ?? m.subtotal(), receipt.subtotal),
    ...receipt.discounts.map((discount) =>
      row('discount', discount.name, -discount.amount, discount.reason || null, discount.source ?? null),
    ),
    ...(receipt.coreCharges ? [row('core', m.core_charges_row(), receipt.coreCharges)] : []),
    row('shipping', shippingLabel, shipping.amount),
    ...(shippingDiscount && shippingDiscount.amount > 0
      ? [row('shipping-discount', shippingDiscount.name, -shippingDiscount.amount, shippingDiscount.reason || null)]
      : []),
    ...receipt.taxes.map((tax) =>
      row('tax', `${taxName(tax.name)} (${localRate(tax.rateLabel)})`, tax.amount, null, tax.name),
    ),
    ...(points.cents > 0 ? [pointsRow] : []),
    row('total', wording.total ?? m.total(), receipt.total),
  ];
}

/** A placed order's receipt: shipping as charged with its free shipping under it, points apart. */
export function orderReceipt(order: OrderView): Receipt {
  // Points are their own row, from the order's own fields; free shipping follows the shipping it discounts.
  const discounts = order.adjustments.filter((adjustment) => adjustment.kind !== 'POINTS');
  const freeShipping = discounts.find((adjustment) => adjustment.kind === 'FREE_SHIPPING');
  return {
    subtotal: order.subtotal,
    discounts: discounts.filter((adjustment) => adjustment.kind !== 'FREE_SHIPPING'),
    coreCharges: order.coreCharges ?? 0,
    shipping: { name: order.shippingName, amount: order.shipping },
    shippingDiscount: freeShipping
      ? { name: freeShipping.name, amount: freeShipping.amount, reason: freeShipping.reason }
      : null,
    taxes: order.taxes,
    points: { cents: order.points, used: order.pointsUsed },
    total: order.total,
  };
}

/** A cart's receipt: shipping net of its discount (the cart page says "Free" for none), no tax yet. */
export function cartReceipt(pricing: CartPricing): Receipt {
  return {
    subtotal: pricing.subtotal,
    discounts: pricing.discounts,
    coreCharges: pricing.coreCharges,
    shipping: { name: pricing.shippingName, amount: pricing.shipping - pricing.shippingDiscount },
    taxes: [],
    points: { cents: pricing.points, used: pricing.pointsUsed },
    total: pricing.total,
  };
}

/** The checkout's receipt: shipping as charged with its discount under it, the taxes of the address. */
export function checkoutReceipt(quote: CheckoutQuote): Receipt {
  const { pricing } = quote;
  return {
    ...cartReceipt(pricing),
    shipping: { name: pricing.shippingName, amount: pricing.shipping },
    shippingDiscount: { name: pricing.shippingDiscountName ?? m.free_shipping(), amount: pricing.shippingDiscount },
    taxes: quote.taxes.map((tax) => ({ name: tax.name, rateLabel: tax.rateLabel, amount: tax.amountCent })),
    total: quote.total,
  };
}

/** The promotion engine's pricing of a sample cart: every adjustment a discount, shipping as charged, no tax. */
export function pricingReceipt(pricing: EnginePricing): Receipt {
  return {
    subtotal: pricing.subtotalCent,
    discounts: pricing.adjustments
      .filter((adjustment) => adjustment.kind !== 'POINTS')
      .map((adjustment) => ({ ...adjustment, amount: adjustment.amountCent })),
    shipping: { name: null, amount: pricing.shippingCent },
    taxes: [],
    points: { cents: pricing.pointsCent, used: pricing.pointsUsed },
    total: pricing.totalCent,
  };
}
