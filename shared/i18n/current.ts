import * as m from './generated/messages.js';
import { type LanguageTag, type Locale, languageTag, localizePath } from './locale.ts';
import type { Market } from '../markets.ts';

/**
 * The language being spoken: the request's on the server, the page's in the browser (each
 * language's bundle carries only its own catalogue, whose `language_code` says which it is).
 */
export function currentLocale(): Locale {
  return m.language_code() === 'fr' ? 'fr' : 'en';
}

/** The Intl tag of the current language in a market: en-US, en-CA or fr-CA. */
export function currentLanguageTag(market: Pick<Market, 'id'>): LanguageTag {
  return languageTag(market, currentLocale());
}

/** A shop path in the language being spoken: `/fr/...` on a French page (links a script builds). */
export function localPath(path: string): string {
  return localizePath(path, currentLocale());
}
