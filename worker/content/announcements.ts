/**
 * The home page's announcement bar: written items from the `announcement` content config, and
 * items that stand for a promise (`"promise": "free-shipping"`) whose words come from the market's
 * live promotion, so the bar never promises what the cart does not give. Each item shows only in
 * its schedule's window and markets.
 */
import type { AnnouncementItem } from '../../shared/content/home.ts';
import { isShown } from '../../shared/content/schedule.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { FreeShippingPromise } from '../../shared/promotions/describe.ts';
import { fillPlaceholders } from './text.ts';

/** An item as shown. */
export interface Announcement {
  text: string;
  href: string;
  /** The promotion whose words it shows, for promise items. */
  promotionId?: number;
}

/** What the items are shown against: now, the market, its promise and the shop's own numbers. */
export interface AnnouncementContext {
  now: number;
  market: MarketId;
  freeShipping: FreeShippingPromise | null;
  /** Placeholder values for written text, e.g. returnWindowDays from the shop settings. */
  values: Record<string, string>;
}

/**
 * The items to show: live ones for the market; a free-shipping item takes the text of the market's
 * automatic free-shipping promotion and is left out when none is in force; written text gets the
 * shop's numbers ({returnWindowDays}) so it never promises another window than the shop keeps.
 */
export function announcementsFor(items: readonly AnnouncementItem[], context: AnnouncementContext): Announcement[] {
  return items.flatMap((item): Announcement[] => {
    if (!isShown(item, context.now, context.market)) return [];
    if (item.promise === 'free-shipping') {
      const promise = context.freeShipping;
      return promise ? [{ text: promise.text, href: item.href, promotionId: promise.promotionId }] : [];
    }
    return item.text ? [{ text: fillPlaceholders(item.text, context.values), href: item.href }] : [];
  });
}
