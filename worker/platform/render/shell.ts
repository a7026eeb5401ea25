import type { FrontPageItem } from '../../../shared/content/front-page.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Locale } from '../../../shared/i18n/locale.ts';
import type { ShopSettings } from '../../../shared/settings.ts';
import type { PageType } from '../../../shared/constants.ts';
import type { CountdownStrip } from '../../../shared/content/campaign.ts';

export interface FixedContent {
  headerLinks: { label: string; labelFr?: string; href: string; blog?: boolean }[];
  awards: string[];
  /** The awards in French, when a merchandiser wrote them. */
  awardsFr?: string[];
  reviewBadges: { name: string; rating: number; count: number }[];
}

export interface DebugInfo {
  market: string;
  buildId: string;
  buildTime: string;
  abTestGroup: string;
  timings: { label: string; ms: number }[];
}

/** Everything the page shell needs, loaded once per request by the page route. */
export interface Shell {
  market: Market;
  /** The page's language (French only on the Canadian site, under /fr). */
  locale: Locale;
  settings: ShopSettings;
  title: string;
  description: string;
  canonical: string;
  path: string;
  pageType: PageType;
  /** hreflang alternates: the page on the US site, and in English and French on the Canadian site. */
  alternates: { hreflang: string; href: string }[];
  layout: boolean;
  showHeader: boolean;
  hideMobileFooter: boolean;
  showNewsletter: boolean;
  signedIn: boolean;
  resetCart: boolean;
  fixed: FixedContent;
  year: number;
  debug: DebugInfo | null;
  robots?: string;
  /** The response's Content-Security-Policy nonce, for an inline script the page needs. */
  nonce: string;
  /** The running campaign's countdown strip on this page, and the server's time it counts from. */
  campaignStrip?: { strip: CountdownStrip; now: number } | null;
  /** Where the header's Deals link leads: the live campaign, else the Easter sale. */
  dealsHref?: string;
  /** The running campaign's cart banner (§3 banners: CART), on the cart page. */
  cartBanner?: { text: string; href: string } | null;
  /** A Canadian shopper not asked about marketing cookies yet: the consent banner shows under the header. */
  asksConsent?: boolean;
  /** The merchandiser's block at the top of this front page (content type "front page"), if one is live. */
  frontPageBlock?: FrontPageItem | null;
}

/** What a page asks of its shell besides the defaults of its path. */
export interface ShellOptions {
  pageType?: PageType;
  /** A page-specific title, for pages outside the 19 titled routes that name themselves (info pages). */
  title?: string;
  /** A page-specific description, with `title` (blog articles). */
  description?: string;
  robots?: string;
  /** The path whose rules apply (the error pages render under the requested URL). */
  path?: string;
}
