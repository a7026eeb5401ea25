/**
 * The home page's announcement bar: written items from the `announcement` content config, and
 * items that stand for a promise (`"promise": "free-shipping"`) whose words come from the market's
 * live promotion, so the bar never promises what the cart does not give.
 */
import type { FreeShippingPromise } from '../promotions/service.ts';

/** An item as kept in the content config: its own text, or the promise it stands for. */
export interface AnnouncementConfigItem {
  text?: string;
  href: string;
  promise?: 'free-shipping';
}

/** An item as shown. */
export interface Announcement {
  text: string;
  href: string;
  /** The promotion whose words it shows, for promise items. */
  promotionId?: number;
}

/**
 * The items to show in a market: a free-shipping item takes the text of the market's automatic
 * free-shipping promotion, and is left out when none is in force; items with no text are left out.
 */
export function announcementsFor(
  items: readonly AnnouncementConfigItem[],
  freeShipping: FreeShippingPromise | null,
): Announcement[] {
  return items.flatMap((item): Announcement[] => {
    if (item.promise === 'free-shipping')
      return freeShipping ? [{ text: freeShipping.text, href: item.href, promotionId: freeShipping.promotionId }] : [];
    return item.text ? [{ text: item.text, href: item.href }] : [];
  });
}
