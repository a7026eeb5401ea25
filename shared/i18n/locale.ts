/**
 * The shop's languages (issue 37): English everywhere, and French on the Canadian site, where each
 * page has a French twin under `/fr` (Quebec's Charter of the French Language).
 */
import type { Market, MarketId } from '../markets.ts';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** The path prefix of the French pages on the Canadian host. */
export const FRENCH_PREFIX = '/fr';

/** The cookie that remembers the language a shopper chose on the Canadian site. */
export const LOCALE_COOKIE = 'shop_lang';

/** A page's language tag (its `<html lang>`, hreflang and the Intl formats): en-US, en-CA or fr-CA. */
export type LanguageTag = 'en-US' | 'en-CA' | 'fr-CA';

export function languageTag(market: Pick<Market, 'id'> | MarketId, locale: Locale): LanguageTag {
  const id = typeof market === 'string' ? market : market.id;
  if (id === 'us') return 'en-US';
  return locale === 'fr' ? 'fr-CA' : 'en-CA';
}

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

/** The languages a market speaks: the US site is English only. */
export function localesOf(market: Pick<Market, 'id'>): readonly Locale[] {
  return market.id === 'ca' ? LOCALES : ['en'];
}

/** Whether a path is under the French prefix (`/fr` or `/fr/...`). */
export function isFrenchPath(pathname: string): boolean {
  return pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`);
}

/** The English path of a French one (`/fr/shopCart` -> `/shopCart`, `/fr` -> `/`); others unchanged. */
export function withoutLocalePrefix(pathname: string): string {
  if (!isFrenchPath(pathname)) return pathname;
  return pathname.slice(FRENCH_PREFIX.length) || '/';
}

/**
 * A shop path in a language: French paths get the prefix (`/` -> `/fr/`), English ones lose it.
 * Only site paths (starting with one `/`) change; anything else (a full URL, `#main`) is returned as is.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const english = withoutLocalePrefix(path.replace(/^\/fr(?=[?#])/, '/fr/'));
  return locale === 'en' ? english : `${FRENCH_PREFIX}${english}`;
}

/**
 * The language an `Accept-Language` header prefers between English and French: French when a
 * French tag comes before any English one by quality, English otherwise (and when absent).
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { primary: tag.toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0 && (entry.primary === 'fr' || entry.primary === 'en'))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.primary === 'fr' ? 'fr' : 'en';
}

/** Quebec's province code: an address there makes French the default language (issue 37). */
export const QUEBEC = 'QC';
