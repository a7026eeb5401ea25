import type { Context } from 'hono';
import { COOKIE } from '../../shared/constants.ts';
import {
  hasNoLayout,
  hidesHeader,
  hidesMobileFooter,
  hidesNewsletter,
  normalizePath,
  TRACKING_PARAMS,
} from '../../shared/routes.ts';
import { buildInfo } from '../platform/build-info.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { visitorAbTestGroup } from '../tracking/service.ts';
import { systemClock } from '../platform/clock.ts';
import { contentConfig, fixedContent, getCampaign, getShopSettings, pageMetaFor } from '../content/service.ts';
import { cartBannerOf, countdownStripOf, dealsHref } from '../../shared/content/campaign.ts';
import { asksConsent, PRIVACY_COOKIE } from '../../shared/tracking.ts';
import { frontPageBlock, isFrontPagePath } from '../../shared/content/front-page.ts';
import type { FixedContent, Shell, ShellOptions } from '../platform/render/shell.ts';
import { alternatesOf, localizedUrl } from './language-links.ts';
import { marketOrigin } from '../platform/origin.ts';

const MAX_CANONICAL_QUERY = 512;

/** The canonical link: absolute, on the request's own host, without tracking parameters. */
export function canonicalUrl(requestUrl: string): string {
  const url = new URL(requestUrl);
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (!(TRACKING_PARAMS as readonly string[]).includes(key.toLowerCase()) && !key.toLowerCase().startsWith('utm_'))
      kept.append(key, value);
  }
  const query = kept.toString();
  const path = normalizePath(url.pathname);
  return `${url.origin}${path}${query && query.length <= MAX_CANONICAL_QUERY ? `?${query}` : ''}`;
}

const NO_FIXED_CONTENT: FixedContent = { headerLinks: [], awards: [], reviewBadges: [] };
const fixedContentByRaw = new WeakMap<object, FixedContent>();

/** Typed fixed content; the same cached object gives the same result, so the chrome cache holds. */
function fixedContentOf(raw: Record<string, unknown> | null): FixedContent {
  if (!raw) return NO_FIXED_CONTENT;
  let typed = fixedContentByRaw.get(raw);
  if (!typed) {
    const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
    typed = {
      headerLinks: list(raw.headerLinks),
      awards: list(raw.awards),
      awardsFr: list(raw.awardsFr),
      reviewBadges: list(raw.reviewBadges),
    };
    fixedContentByRaw.set(raw, typed);
  }
  return typed;
}

/** Loads what the page shell needs, in parallel, for the current request. */
export async function loadShell(c: Context<AppEnv>, options: ShellOptions = {}): Promise<Shell> {
  const url = new URL(c.req.url);
  const path = normalizePath(options.path ?? url.pathname);
  const market = c.var.market;
  const started = Date.now();
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  const [meta, fixed, campaign, frontPage] = await Promise.all([
    pageMetaFor(c.env.SETTINGS, systemClock, path, market.id, settings.SHOP_NAME),
    fixedContent(c.env.SETTINGS, systemClock),
    getCampaign(c.env.SETTINGS, systemClock),
    isFrontPagePath(path) ? contentConfig(c.env.SETTINGS, systemClock, 'front-page') : null,
  ]);
  const now = systemClock.now();
  const strip = countdownStripOf(campaign, path, now);
  const stored = readCookie(c, COOKIE.abTestGroup);
  const canonical = canonicalUrl(options.path ? `${url.origin}${options.path}` : c.req.url);
  const ownPath = canonical.slice(new URL(canonical).origin.length);
  return {
    market,
    locale: c.var.locale,
    settings,
    title: options.title ?? meta.title,
    description: options.description ?? meta.description,
    canonical: localizedUrl(canonical, c.var.locale),
    path,
    pageType: options.pageType ?? 'other',
    alternates: alternatesOf({ US_ORIGIN: marketOrigin(c.env, 'us'), CA_ORIGIN: marketOrigin(c.env, 'ca') }, ownPath),
    layout: !hasNoLayout(path),
    showHeader: !hidesHeader(path, url.searchParams),
    hideMobileFooter: hidesMobileFooter(path, url.searchParams),
    showNewsletter: !hidesNewsletter(path),
    signedIn: c.var.signedIn,
    resetCart: c.var.resetCart,
    fixed: fixedContentOf(fixed),
    year: new Date().getUTCFullYear(),
    robots: options.robots,
    nonce: c.var.cspNonce,
    campaignStrip: strip && { strip, now },
    dealsHref: dealsHref(campaign, now),
    cartBanner: path === '/shopCart' ? cartBannerOf(campaign, now, market.id) : null,
    frontPageBlock: frontPage ? frontPageBlock(frontPage, path, now, market.id) : null,
    asksConsent: asksConsent({ market: market.id, consent: readCookie(c, PRIVACY_COOKIE.consent) }),
    debug: c.var.debug
      ? {
          market: `${market.id.toUpperCase()} (${market.code}, ${market.currency})`,
          buildId: buildInfo.buildId,
          buildTime: buildInfo.buildTime,
          abTestGroup: visitorAbTestGroup(stored, c.var.visitorKey),
          timings: [
            { label: 'Edge middleware', ms: started - c.var.requestStart },
            { label: 'Shell data', ms: Date.now() - started },
          ],
        }
      : null,
  };
}
