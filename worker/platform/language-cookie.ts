import type { Context } from 'hono';
import { isLocale, type Locale, LOCALE_COOKIE } from '../../shared/i18n/locale.ts';
import { readCookie, removeCookie, writeCookie } from './cookies.ts';

/**
 * The language cookie of the Canadian site (issue 37). A shopper's own choice (the header's switch) and
 * the shop's guess on a first visit (the browser's language, a visit from Quebec) are both remembered in
 * `shop_lang`; a guess also leaves `shop_lang_guess`, so that a member's saved language, which is a
 * choice, can take a guess's place at sign-in but never a choice's.
 */
const GUESS_COOKIE = 'shop_lang_guess';
const ONE_YEAR = 31_536_000;

/** The language the browser remembers, chosen or guessed. */
export function rememberedLocale(c: Context): Locale | null {
  const value = readCookie(c, LOCALE_COOKIE);
  return isLocale(value) ? value : null;
}

/** Remembers the shopper's (or their profile's) own choice: a later guess or profile never overrides it. */
export function rememberChoice(c: Context, locale: Locale): void {
  writeCookie(c, LOCALE_COOKIE, locale, ONE_YEAR);
  if (readCookie(c, GUESS_COOKIE) !== undefined) removeCookie(c, GUESS_COOKIE);
}

/** Remembers the shop's guess on a first visit (the browser's language, or Quebec). */
export function rememberGuess(c: Context, locale: Locale): void {
  writeCookie(c, LOCALE_COOKIE, locale, ONE_YEAR);
  writeCookie(c, GUESS_COOKIE, '1', ONE_YEAR);
}

/**
 * At sign-in, the language a member saved in their profile becomes the browser's, unless the shopper chose one
 * on this browser already: a new device follows the member, not the shop's guess.
 */
export function rememberSignedInLanguage(c: Context, saved: Locale | null): void {
  if (!saved) return;
  const chosen = rememberedLocale(c) !== null && readCookie(c, GUESS_COOKIE) === undefined;
  if (!chosen) rememberChoice(c, saved);
}
