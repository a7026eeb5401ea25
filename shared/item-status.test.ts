import { describe, expect, it } from 'vitest';
import {
  BUYABLE_STATUSES,
  ITEM_STATUSES,
  LISTED_STATUSES,
  STOCK_LABEL,
  isBuyable,
  isHidden,
  isListed,
  stockLabel,
  sqlList,
  statusIn,
} from './item-status.ts';

describe('item statuses', () => {
  it('copies the six statuses of the spec', () => {
    expect(ITEM_STATUSES).toEqual(['ON_SHELVES', 'OFF_SHELVES', 'DRAFT', 'DELETED', 'UNDER_STOCK', 'SOLD_OUT']);
  });

  it('sells ON_SHELVES and UNDER_STOCK, and shows SOLD_OUT besides', () => {
    expect(ITEM_STATUSES.filter(isBuyable)).toEqual(['ON_SHELVES', 'UNDER_STOCK']);
    expect(ITEM_STATUSES.filter(isListed)).toEqual(['ON_SHELVES', 'UNDER_STOCK', 'SOLD_OUT']);
    expect(ITEM_STATUSES.filter(isHidden)).toEqual(['DRAFT', 'DELETED']);
    expect(isBuyable('on_shelves')).toBe(false);
  });

  it('labels the stock of every listed status', () => {
    expect(STOCK_LABEL).toEqual({ ON_SHELVES: 'In stock', UNDER_STOCK: 'Only a few left', SOLD_OUT: 'Sold out' });
    expect(stockLabel('UNDER_STOCK')).toBe('Only a few left');
    expect(stockLabel('OFF_SHELVES')).toBeNull();
  });

  it("reads a part's status in each market", () => {
    const item = { usStatus: 'ON_SHELVES', caStatus: 'OFF_SHELVES' };
    expect(statusIn(item, 'us')).toBe('ON_SHELVES');
    expect(statusIn(item, 'ca')).toBe('OFF_SHELVES');
  });

  it('writes statuses as the SQL list the queries use', () => {
    expect(sqlList(BUYABLE_STATUSES)).toBe("('ON_SHELVES', 'UNDER_STOCK')");
    expect(sqlList(LISTED_STATUSES)).toBe("('ON_SHELVES', 'UNDER_STOCK', 'SOLD_OUT')");
  });
});
