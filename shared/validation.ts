/**
 * Validation rules of spec §5, shared by the browser islands and the Worker so both show the same
 * words. Each `…Problem` function returns null when the value is valid, or the exact message.
 */

import { MSG } from './messages.ts';
import type { MarketId } from './markets.ts';

/** Longest email address the newsletter and account forms accept (§5). */
export const EMAIL_MAX_LENGTH = 55;
/** Phone numbers have 10 to 11 characters (§5). */
export const PHONE_LENGTH = { min: 10, max: 11 } as const;
/** Names have 1 to 50 characters. */
export const NAME_MAX_LENGTH = 50;
/** Addresses have at most 100 characters. */
export const ADDRESS_MAX_LENGTH = 100;
/** Shown when an address line is longer than ADDRESS_MAX_LENGTH (the spec gives no wording). */
export const ADDRESS_TOO_LONG_MESSAGE = 'Address can have up to 100 characters.';

/** Postal-code messages per market (the spec gives no wording). */
export const POSTAL_CODE_MESSAGE = {
  us: 'Please enter a valid ZIP code.',
  ca: 'Please enter a valid postal code, such as K1A 0B1.',
} as const;

/** Practical RFC 5322 subset: dot-separated atoms, then hyphenated labels and a 2+ letter TLD. */
const EMAIL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const EMAIL_PATTERN = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_LABEL}\\.)+[A-Za-z]{2,}$`);

const PHONE_PATTERN = /^[0-9-]{10,11}$/;
const ENGLISH_LETTERS_PATTERN = /^(?=.*[A-Za-z])[A-Za-z .'-]+$/;
const ADDRESS_PATTERN = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 #.,'/-]+$/;
const TEXT_ALLOWED = /^[A-Za-z0-9 \r\n.,!?'"()\-:;&/#@%+]*$/;
const STRICT_ALLOWED = /^[A-Za-z0-9 _-]*$/;
const US_ZIP_PATTERN = /^(?:\d{5}|\d{9})$/;
/** Canada Post: no D F I O Q U anywhere, and no W or Z as the first letter. */
const CA_POSTAL_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;
const IPV4_PATTERN = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** Trims both ends and collapses each inner run of whitespace to a single space. */
export function trimInput(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

function emailWith(value: string, invalidMessage: string): string | null {
  const email = trimInput(value);
  if (email.length > EMAIL_MAX_LENGTH) return MSG.newsletterTooLong;
  return EMAIL_PATTERN.test(email) ? null : invalidMessage;
}

/** Account and checkout email: at most 55 characters, then EMAIL_PATTERN. */
export function emailProblem(value: string): string | null {
  return emailWith(value, MSG.emailInvalid);
}

/** Newsletter email: at most 55 characters, then EMAIL_PATTERN, with the newsletter's wording. */
export function newsletterEmailProblem(value: string): string | null {
  return emailWith(value, MSG.newsletterInvalidEmail);
}

/** Phone: 10 to 11 characters, each a digit or a dash, with at least one digit. */
export function phoneProblem(value: string): string | null {
  const phone = trimInput(value);
  return PHONE_PATTERN.test(phone) && /\d/.test(phone) ? null : MSG.phoneInvalid;
}

/** At least one English letter; only letters, spaces, hyphens, apostrophes and periods. */
export function englishLettersProblem(value: string): string | null {
  return ENGLISH_LETTERS_PATTERN.test(trimInput(value)) ? null : MSG.englishLettersRequired;
}

/** Name: 1-50 characters of English letters, spaces, hyphens, apostrophes and periods. */
export function nameProblem(value: string): string | null {
  const name = trimInput(value);
  if (name.length > NAME_MAX_LENGTH) return MSG.nameNeedsLetters;
  return ENGLISH_LETTERS_PATTERN.test(name) ? null : MSG.nameNeedsLetters;
}

/** Address line: at most 100 characters, some alphanumerics, only letters, digits, spaces and #.,'/- */
export function addressProblem(value: string): string | null {
  const address = trimInput(value);
  if (address.length > ADDRESS_MAX_LENGTH) return ADDRESS_TOO_LONG_MESSAGE;
  return ADDRESS_PATTERN.test(address) ? null : MSG.addressSpecialChars;
}

/** 'text' allows prose punctuation and line breaks; 'strict' only letters, digits, spaces, - and _. */
export function specialCharactersProblem(value: string, allow: 'text' | 'strict'): string | null {
  const ok = allow === 'text' ? TEXT_ALLOWED.test(value.trim()) : STRICT_ALLOWED.test(trimInput(value));
  return ok ? null : MSG.removeSpecialChars;
}

const REVIEW_EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const REVIEW_URL = /\bhttps?:\/\/|\bwww\./i;
/** A bare domain ends in a common TLD, so "fits.The car" in a hasty review is not taken for one. */
const REVIEW_TLDS =
  'com|net|org|edu|gov|info|biz|io|co|us|ca|uk|de|fr|au|cn|ru|in|me|tv|cc|xyz|' +
  'top|shop|store|online|site|app|dev|link|club|vip|ly|gl';
const REVIEW_DOMAIN = new RegExp(
  `\\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\\.(?:${REVIEW_TLDS})(?![a-z0-9-])`,
  'i',
);
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;

function hasContactInfo(text: string): boolean {
  const plain = text.normalize('NFKC').replace(INVISIBLE, '');
  return REVIEW_EMAIL.test(plain) || REVIEW_URL.test(plain) || REVIEW_DOMAIN.test(plain);
}

/** Reviews may not carry an email address or a URL (http(s)://, www. or a bare domain) in title or text. */
export function reviewPrivacyProblem(title: string, content: string): string | null {
  return hasContactInfo(title) || hasContactInfo(content) ? MSG.reviewPrivacy : null;
}

/** A valid http(s) URL whose host is an ASCII domain with a TLD, or an IPv4 address. */
export function urlProblem(value: string): string | null {
  const raw = value.trim();
  const authority = /^https?:\/\/([^/?#]+)/i.exec(raw)?.[1];
  if (!authority || /\s/.test(raw) || !/^[\x21-\x7E]+$/.test(authority)) return MSG.urlInvalid;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return MSG.urlInvalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return MSG.urlInvalid;
  return HOST_PATTERN.test(url.hostname) || IPV4_PATTERN.test(url.hostname) ? null : MSG.urlInvalid;
}

/** US: exactly 5 or 9 ASCII digits; Canada: the A1A 1A1 format, space optional, any case. */
export function postalCodeProblem(value: string, market: MarketId): string | null {
  const code = trimInput(value);
  const ok = market === 'ca' ? CA_POSTAL_PATTERN.test(code) : US_ZIP_PATTERN.test(code);
  return ok ? null : POSTAL_CODE_MESSAGE[market];
}

/** Storage form of a valid postal code: US whitespace removed; Canada upper-case as `K1A 0B1`. */
export function normalizePostalCode(value: string, market: MarketId): string {
  const compact = value.replace(/\s+/g, '');
  if (market === 'us') return compact;
  const upper = compact.toUpperCase();
  return upper.length === 6 ? `${upper.slice(0, 3)} ${upper.slice(3)}` : upper;
}
