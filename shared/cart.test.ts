import { describe, expect, it } from 'vitest';
import { cartItemKey, groupCartItems, isUnusable } from './cart.ts';

const line = (
  skuId: number,
  extra: { itemType?: 'NORMAL' | 'TRADE_IN'; bundleId?: string | null; status?: string } = {},
) => ({
  skuId,
  itemType: extra.itemType ?? 'NORMAL',
  bundleId: extra.bundleId ?? null,
  status: extra.status ?? 'ON_SHELVES',
});

describe('cart identity and grouping (§3, §4)', () => {
  it('identifies a line by sku + item type (default NORMAL) + bundle', () => {
    expect(cartItemKey({ skuId: 7 })).toBe('7:NORMAL:');
    expect(cartItemKey({ skuId: 7, itemType: 'NORMAL', bundleId: null })).toBe(cartItemKey({ skuId: 7 }));
    expect(cartItemKey({ skuId: 7, itemType: 'TRADE_IN' })).not.toBe(cartItemKey({ skuId: 7 }));
    expect(cartItemKey({ skuId: 7, bundleId: 3 })).toBe('7:NORMAL:3');
    expect(cartItemKey({ skuId: 7, bundleId: '3' })).toBe(cartItemKey({ skuId: 7, bundleId: 3 }));
  });

  it('treats OFF_SHELVES, DRAFT and SOLD_OUT as unusable and UNDER_STOCK as buyable', () => {
    expect(['OFF_SHELVES', 'DRAFT', 'SOLD_OUT'].map(isUnusable)).toEqual([true, true, true]);
    expect(['ON_SHELVES', 'UNDER_STOCK'].map(isUnusable)).toEqual([false, false]);
  });

  it('groups regular, trade-in add-ons, bundles by bundleId in first-seen order, unusable lines first', () => {
    const groups = groupCartItems([
      line(1),
      line(2, { itemType: 'TRADE_IN' }),
      line(3, { bundleId: '9' }),
      line(4, { bundleId: '5' }),
      line(5, { bundleId: '9' }),
      line(6, { status: 'SOLD_OUT', bundleId: '9' }),
      line(7, { status: 'DRAFT' }),
    ]);
    expect(groups.regular.map((item) => item.skuId)).toEqual([1]);
    expect(groups.tradeIn.map((item) => item.skuId)).toEqual([2]);
    expect(groups.bundles.map((bundle) => [bundle.bundleId, bundle.items.map((item) => item.skuId)])).toEqual([
      ['9', [3, 5]],
      ['5', [4]],
    ]);
    expect(groups.unusable.map((item) => item.skuId)).toEqual([6, 7]);
  });
});
