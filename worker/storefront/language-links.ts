import { type Locale, localizePath } from '../../shared/i18n/locale.ts';

/** A page's link to itself in another language or market (`<link rel="alternate" hreflang>`). */
export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * The three versions of a page (issue 37): English on the US site (also the default for other
 * countries), English and French on the Canadian site. `path` is the page's English path and query.
 */
export function alternatesOf(origins: { US_ORIGIN: string; CA_ORIGIN: string }, path: string): Alternate[] {
  return [
    { hreflang: 'x-default', href: `${origins.US_ORIGIN}${path}` },
    { hreflang: 'en-us', href: `${origins.US_ORIGIN}${path}` },
    { hreflang: 'en-ca', href: `${origins.CA_ORIGIN}${path}` },
    { hreflang: 'fr-ca', href: `${origins.CA_ORIGIN}${localizePath(path, 'fr')}` },
  ];
}

/** The page's own URL in its language: its canonical link. */
export function localizedUrl(url: string, locale: Locale): string {
  const parsed = new URL(url);
  return `${parsed.origin}${localizePath(`${parsed.pathname}${parsed.search}`, locale)}`;
}
