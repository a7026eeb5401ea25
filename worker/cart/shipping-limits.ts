import type { CartLinesView } from '../../shared/cart.ts';
import type { Market } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import { OVERSIZE_SURCHARGE, lineLimit, shipZoneOf, type LimitedLine } from '../../shared/shipping-limits.ts';

/**
 * The cart's usable lines as the shipping limits see them (issue 40 item 4): the quote offers and
 * prices its options from these (shared/shipping-limits.ts).
 */
export function limitedLines(lines: CartLinesView): LimitedLine[] {
  return lines.items
    .filter((item) => item.usable)
    .map((item) => ({
      key: item.key,
      title: item.title,
      quantity: item.itemCount,
      hazmat: item.hazmat,
      sizeClass: item.sizeClass,
    }));
}

/**
 * Each line that limits the shipping options where the cart is going says so, naming the part: ground
 * only, no route there, freight only, or an oversize surcharge. Pure: no D1 read.
 */
export function limitLines(
  lines: CartLinesView,
  market: Market,
  shipTo: { postCode?: string | null; regionCode?: string | null },
): CartLinesView {
  if (!lines.items.some((item) => item.hazmat !== null || item.sizeClass !== null)) return lines;
  const zone = shipZoneOf(market.id, shipTo.postCode ?? null, shipTo.regionCode ?? null);
  const surcharge = formatMoney({ cent: OVERSIZE_SURCHARGE[market.id], currency: market.currency });
  return {
    ...lines,
    items: lines.items.map((item) => ({ ...item, shipLimit: item.usable ? lineLimit(item, zone, surcharge) : null })),
  };
}
