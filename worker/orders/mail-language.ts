import { currentLocale } from '../../shared/i18n/current.ts';
import { type Locale, localizePath } from '../../shared/i18n/locale.ts';
import type { OrderView } from '../../shared/orders.ts';
import { titlesInFrench } from '../catalog/service.ts';
import { withLocale } from '../platform/i18n.ts';

/**
 * The language of an order's emails (issue 37): the one the order was placed in, as its confirmation
 * speaks it. The US site's orders are English. An email built with `speak` has its words, prices,
 * dates and the catalog's titles in that language, and its links go to that language's pages on the
 * configured origin.
 */

export interface OrderLanguage {
  locale: Locale;
  /** Builds an email (or a link) in the order's language. */
  speak: <T>(build: () => T) => T;
  /** A page of the shop on the configured origin, in the order's language (`/fr/...` for French). */
  link: (path: string) => string;
  /** The order with its parts named in its language (the French titles, as the French pages show them). */
  shown: (order: OrderView) => OrderView;
}

/** The order's language from its row: French only for a Canadian order placed on a French page. */
export function orderLanguage(origin: string, order: { market: string; locale?: Locale | null }): OrderLanguage {
  const locale: Locale = order.market === 'ca' && order.locale === 'fr' ? 'fr' : 'en';
  return {
    locale,
    speak: (build) => withLocale(locale, build),
    link: (path) => `${origin}${localizePath(path, locale)}`,
    shown: (view) => withLocale(locale, () => spokenOrder(view)),
  };
}

/** The order as its email names its parts: the French titles in French (as the French pages show them). */
export function spokenOrder(order: OrderView): OrderView {
  return currentLocale() === 'fr' ? (titlesInFrench(order) as OrderView) : order;
}
