import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isLocale, type Locale, languageTag, localizePath, preferredLocale, QUEBEC } from '../../shared/i18n/locale.ts';
import type { AppEnv } from '../env.ts';
import { isApiPath } from '../platform/api-error.ts';
import { rememberChoice, rememberedLocale, rememberGuess } from '../platform/language-cookie.ts';
import { arrivedInFrench, withLocale } from '../platform/i18n.ts';
import { answerInFrench } from '../platform/translate-message.ts';
import { titlesInFrench } from '../catalog/service.ts';
import { rememberLanguage } from '../accounts/service.ts';
import { contentConfig } from '../content/service.ts';
import { PROMOTION_NAMES_KEY, promotionNamesOf } from '../../shared/content/french.ts';
import { systemClock } from '../platform/clock.ts';

/** Paths that are never a page in a language: files, tools and the back office. */
const NOT_A_PAGE = /^\/(?:assets|static|media|admin|dev|__bare)(?:\/|$)|\.[a-z0-9]+$/i;
/** The query parameter of the header's language switch: `?lang=fr` or `?lang=en`. */
const SWITCH_PARAM = 'lang';

/** Whether a path is a shop page, which has a twin in each language of the Canadian site. */
export function isLocalizablePage(pathname: string): boolean {
  return pathname.startsWith('/') && !pathname.startsWith('//') && !isApiPath(pathname) && !NOT_A_PAGE.test(pathname);
}

/** Opening a page (not a script's call, not a form's post). */
function isPageOpening(c: Context<AppEnv>, pathname: string): boolean {
  return c.req.method === 'GET' && isLocalizablePage(pathname);
}

/** The API speaks the language the page asked in (the shop's client sends it), else English. */
function apiLocale(c: Context<AppEnv>): Locale {
  return preferredLocale(c.req.header('accept-language'));
}

/**
 * The language a person's first visit (no language remembered) is guessed in: French from Quebec, where
 * French is the default language of trade (Charter of the French Language), whatever the browser's
 * language; elsewhere French when the browser prefers it, else English.
 */
function firstVisitLocale(c: Context<AppEnv>): Locale {
  const cf = c.req.raw.cf as { country?: unknown; regionCode?: unknown } | undefined;
  const fromQuebec = cf?.regionCode === QUEBEC && (cf.country === undefined || cf.country === 'CA');
  return fromQuebec ? 'fr' : preferredLocale(c.req.header('accept-language'));
}

/**
 * French pages link to French pages: every shop link and form of the page gets the `/fr` prefix
 * (pages are written once, with the English paths).
 */
function localizeLinks(response: Response): Response {
  const rewrite = (attribute: string) => ({
    element(element: Element) {
      const value = element.getAttribute(attribute);
      if (value && isLocalizablePage(value.split(/[?#]/)[0] ?? ''))
        element.setAttribute(attribute, localizePath(value, 'fr'));
    },
  });
  return new HTMLRewriter()
    .on('a[href^="/"]', rewrite('href'))
    .on('form[action^="/"]', rewrite('action'))
    .transform(response);
}

/**
 * The page's language (issue 37). The US site is English. On the Canadian site each page has an
 * English URL and a French one under `/fr`; a shopper's choice is remembered in a cookie (set by
 * the header's switch, `?lang=fr|en`), and on a person's first visit the shop guesses (French from
 * Quebec, else `Accept-Language` decides) and remembers the guess. A shopper who chose French and
 * follows an English link is sent to its French twin; crawlers, which carry no cookie, are never sent
 * elsewhere, so each URL is one page in one language. A signed-in member's language is kept in their
 * profile, and becomes the browser's at sign-in (accounts/route-support.ts).
 */
export const language = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const french = arrivedInFrench(c.req.raw);
  if (c.var.market.id !== 'ca') {
    if (french) return c.redirect(`${url.pathname}${url.search}`, 301);
    c.set('locale', 'en');
    return withLocale('en', next);
  }
  if (!isLocalizablePage(url.pathname)) {
    const locale = isApiPath(url.pathname) ? apiLocale(c) : 'en';
    c.set('locale', locale);
    await withLocale(locale, next);
    if (locale === 'fr') {
      const names = promotionNamesOf(await contentConfig(c.env.SETTINGS, systemClock, PROMOTION_NAMES_KEY));
      c.res = await answerInFrench(c.res, (data) => titlesInFrench(data, names));
    }
    return;
  }
  const opening = isPageOpening(c, url.pathname);
  // A person's first visit (crawlers are never sent elsewhere: each version is at its own address).
  const firstVisit = opening && !c.var.isBot;
  const switched = url.searchParams.get(SWITCH_PARAM);
  if (opening && isLocale(switched)) {
    rememberChoice(c, switched);
    url.searchParams.delete(SWITCH_PARAM);
    return c.redirect(localizePath(`${url.pathname}${url.search}`, switched), 302);
  }
  const chosen = rememberedLocale(c);
  if (opening && !french && chosen) {
    if (chosen === 'fr') return c.redirect(localizePath(`${url.pathname}${url.search}`, 'fr'), 302);
  } else if (firstVisit && !chosen) {
    const wanted = french ? 'fr' : firstVisitLocale(c);
    rememberGuess(c, wanted);
    if (wanted === 'fr' && !french) return c.redirect(localizePath(`${url.pathname}${url.search}`, 'fr'), 302);
  }
  const locale: Locale = french ? 'fr' : 'en';
  c.set('locale', locale);
  await withLocale(locale, next);
  // A signed-in member's language is kept in their profile (sign-in runs within `next`), for their emails.
  const member = c.var.member;
  if (opening && member && member.locale !== locale) await rememberLanguage(c.env.DB, member.accountId, locale);
  c.res.headers.set('Content-Language', languageTag('ca', locale));
  c.res.headers.append('Vary', 'Cookie, Accept-Language');
  if (french && c.res.headers.get('content-type')?.startsWith('text/html')) c.res = localizeLinks(c.res);
  if (french) localizeRedirect(c.res);
});

/**
 * A French page that sends the shopper on (to sign in, past an emailed link's exchange) sends them to the
 * French twin of where it points: pages are written with the English paths, as their links are. The header
 * is changed in place (Hono's response setter would copy the old Location back over a new response's).
 */
function localizeRedirect(response: Response): void {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status > 399 || !location?.startsWith('/')) return;
  if (isLocalizablePage(location.split(/[?#]/)[0] ?? ''))
    response.headers.set('location', localizePath(location, 'fr'));
}
