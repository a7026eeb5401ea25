import type { MarketId } from './markets.ts';
import * as m from './i18n/generated/messages.js';

/**
 * A product's statuses (§3 Product), copied exactly, and what each means to a shopper: which parts
 * can be bought, which are shown at all, and the stock line a product page prints.
 */

export const ITEM_STATUSES = ['ON_SHELVES', 'OFF_SHELVES', 'DRAFT', 'DELETED', 'UNDER_STOCK', 'SOLD_OUT'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** A part in one of these statuses in the market can be bought there. */
export const BUYABLE_STATUSES = ['ON_SHELVES', 'UNDER_STOCK'] as const satisfies readonly ItemStatus[];

/** A part in one of these statuses in the market is shown (listed) there: buyable, or sold out. */
export const LISTED_STATUSES = [...BUYABLE_STATUSES, 'SOLD_OUT'] as const satisfies readonly ItemStatus[];
export type ListedStatus = (typeof LISTED_STATUSES)[number];

/** A product in one of these (its own status, not a market's) does not exist for shoppers. */
export const HIDDEN_STATUSES = ['DRAFT', 'DELETED'] as const satisfies readonly ItemStatus[];

/** The stock line of a listed product. */
export const STOCK_LABEL = {
  ON_SHELVES: 'In stock',
  UNDER_STOCK: 'Only a few left',
  SOLD_OUT: 'Sold out',
} as const satisfies Record<ListedStatus, string>;

/** A listed status's stock words in the language being spoken. */
function listedLabel(status: ListedStatus): string {
  if (status === 'ON_SHELVES') return m.stock_in_stock();
  return status === 'UNDER_STOCK' ? m.stock_few_left() : m.stock_sold_out();
}

const includes = (statuses: readonly string[], status: string) => statuses.includes(status);

/** Whether a part in this market status can be bought. */
export const isBuyable = (status: string): boolean => includes(BUYABLE_STATUSES, status);

/** Whether a part in this market status is shown to shoppers (sold out included). */
export const isListed = (status: string): boolean => includes(LISTED_STATUSES, status);

/** The stock line for a part in this market status, or null when it is not listed. */
export function stockLabel(status: string): string | null {
  return isListed(status) ? listedLabel(status as ListedStatus) : null;
}

/** Whether a product in this status is hidden from shoppers altogether. */
export const isHidden = (status: string): boolean => includes(HIDDEN_STATUSES, status);

/** Where a product (§3) keeps its status in each market. */
const STATUS_FIELD = { us: 'usStatus', ca: 'caStatus' } as const satisfies Record<MarketId, string>;

/** A part's status in one market (§3 usStatus / caStatus). */
export function statusIn(item: { usStatus: string; caStatus: string }, market: MarketId): string {
  return item[STATUS_FIELD[market]];
}

/** Statuses as a SQL list for `IN`: `sqlList(BUYABLE_STATUSES)` is `('ON_SHELVES', 'UNDER_STOCK')`. */
export function sqlList(statuses: readonly ItemStatus[]): string {
  return `(${statuses.map((status) => `'${status}'`).join(', ')})`;
}
