import { describe, expect, it } from 'vitest';
import type { CheckoutQuote } from './api/checkout.ts';
import type { CartPricing } from './cart.ts';
import type { OrderView } from './orders.ts';
import type { CartPricing as EnginePricing } from './promotions/types.ts';
import { cartReceipt, checkoutReceipt, orderReceipt, pricingReceipt, type ReceiptRow, receiptRows } from './receipt.ts';

/** Every row but the total adds up to the total. */
const addsUp = (rows: ReceiptRow[]) =>
  rows.filter((row) => row.kind !== 'total').reduce((sum, row) => sum + row.amount, 0) === rows.at(-1)!.amount;
const words = (rows: ReceiptRow[]) => rows.map((row) => [row.kind, row.label, row.detail, row.amount]);

const order = {
  subtotal: 22_997,
  shipping: 1299,
  shippingName: 'Standard Shipping',
  points: 200,
  pointsUsed: 200,
  total: 24_413,
  adjustments: [
    { promotionId: 1, source: 'PROMOTION_CODE', kind: 'DISCOUNT', name: 'BRAKES10', reason: '10% off', amount: 1000 },
    { promotionId: 2, source: null, kind: 'FREE_SHIPPING', name: 'Free shipping', reason: 'On us', amount: 1299 },
    { promotionId: null, source: null, kind: 'POINTS', name: 'Points', reason: '200 points redeemed', amount: 200 },
  ],
  taxes: [
    { name: 'GST', rateLabel: '5%', amount: 1090 },
    { name: 'PST', rateLabel: '7%', amount: 1526 },
  ],
} as unknown as OrderView;

const cart = {
  currency: 'USD',
  subtotal: 20_098,
  discounts: [
    {
      promotionId: 1,
      name: '10% off $150+',
      reason: '10% off orders of $150.00 or more',
      source: 'AUTO',
      amount: 2010,
    },
  ],
  shipping: 998,
  shippingDiscount: 998,
  shippingName: 'Standard Shipping',
  shippingDiscountName: 'Free Standard Shipping',
  points: 0,
  pointsUsed: 0,
  total: 18_088,
} as unknown as CartPricing;

describe("an order's receipt", () => {
  it('reads subtotal, discounts, shipping with its free shipping under it, taxes, points and total', () => {
    const rows = receiptRows(orderReceipt(order));
    expect(words(rows)).toEqual([
      ['subtotal', 'Subtotal', null, 22_997],
      ['discount', 'BRAKES10', '10% off', -1000],
      ['shipping', 'Shipping (Standard Shipping)', null, 1299],
      ['shipping-discount', 'Free shipping', 'On us', -1299],
      ['tax', 'GST (5%)', null, 1090],
      ['tax', 'PST (7%)', null, 1526],
      ['points', 'Points', '200 points redeemed', -200],
      ['total', 'Total', null, 24_413],
    ]);
    expect(addsUp(rows)).toBe(true);
    expect(rows.filter((row) => row.kind === 'tax').map((row) => row.key)).toEqual(['GST', 'PST']);
  });

  it('counts points once, in their own row, whichever way a screen words it', () => {
    const rows = receiptRows(orderReceipt(order), { pointsInLabel: true });
    expect(rows.filter((row) => row.label.startsWith('Points'))).toEqual([
      { kind: 'points', label: 'Points (200)', detail: null, amount: -200, key: null },
    ]);
    expect(addsUp(rows)).toBe(true);
  });

  it('leaves out points never used, and names shipping plainly before an option is chosen', () => {
    const rows = receiptRows(orderReceipt({ ...order, points: 0, pointsUsed: 0, shippingName: '', total: 24_613 }));
    expect(rows.map((row) => row.kind)).not.toContain('points');
    expect(rows.find((row) => row.kind === 'shipping')?.label).toBe('Shipping');
    expect(addsUp(rows)).toBe(true);
  });
});

describe("a cart's and a checkout's receipt", () => {
  it('shows the cart its shipping net of the free shipping, with no tax yet', () => {
    const rows = receiptRows(cartReceipt(cart));
    expect(words(rows)).toEqual([
      ['subtotal', 'Subtotal', null, 20_098],
      ['discount', '10% off $150+', '10% off orders of $150.00 or more', -2010],
      ['shipping', 'Shipping (Standard Shipping)', null, 0],
      ['total', 'Total', null, 18_088],
    ]);
    expect(rows[1]!.key).toBe('AUTO');
    expect(addsUp(rows)).toBe(true);
  });

  it('shows checkout the shipping charged with its discount under it, the taxes, and its own words', () => {
    const quote = {
      pricing: { ...cart, points: 300, pointsUsed: 300, total: 17_788 },
      taxes: [{ name: 'Sales Tax', rateLabel: '4%', amountCent: 615 }],
      total: 18_403,
      itemCount: 2,
    } as unknown as CheckoutQuote;
    const rows = receiptRows(checkoutReceipt(quote), { subtotal: 'Items (2)', pointsInLabel: true });
    expect(words(rows)).toEqual([
      ['subtotal', 'Items (2)', null, 20_098],
      ['discount', '10% off $150+', '10% off orders of $150.00 or more', -2010],
      ['shipping', 'Shipping (Standard Shipping)', null, 998],
      ['shipping-discount', 'Free Standard Shipping', null, -998],
      ['tax', 'Sales Tax (4%)', null, 615],
      ['points', 'Points (300)', null, -300],
      ['total', 'Total', null, 18_403],
    ]);
    expect(addsUp(rows)).toBe(true);
    const paid = { ...quote, pricing: { ...quote.pricing, shippingDiscount: 0, shippingDiscountName: null } };
    expect(receiptRows(checkoutReceipt(paid)).map((row) => row.kind)).not.toContain('shipping-discount');
  });
});

describe("a promotion preview's receipt", () => {
  it('takes every promotion adjustment as a discount, shipping as charged, and the words it is given', () => {
    const pricing = {
      subtotalCent: 40_196,
      shippingCent: 1396,
      shippingDiscountCent: 1396,
      pointsCent: 0,
      pointsUsed: 0,
      totalCent: 40_196,
      adjustments: [
        { promotionId: 3, kind: 'FREE_SHIPPING', name: 'Free shipping over $99', reason: 'Over $99', amountCent: 1396 },
      ],
    } as unknown as EnginePricing;
    const rows = receiptRows(pricingReceipt(pricing), { shipping: 'Standard Shipping', total: 'Total before tax' });
    expect(words(rows)).toEqual([
      ['subtotal', 'Subtotal', null, 40_196],
      ['discount', 'Free shipping over $99', 'Over $99', -1396],
      ['shipping', 'Standard Shipping', null, 1396],
      ['total', 'Total before tax', null, 40_196],
    ]);
    expect(addsUp(rows)).toBe(true);
  });
});
