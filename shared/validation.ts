/**
 * Validation rules of spec §5, shared by the browser islands and the Worker so both show the same
 * words. Each `…Problem` function returns null when the value is valid, or the exact message.
 */

import { MSG } from './messages.ts';
import type { MarketId } from './markets.ts';
import * as m from './i18n/generated/messages.js';

/** Longest email address the newsletter and account forms accept (§5). */
export const EMAIL_MAX_LENGTH = 55;
/** Phone numbers have 10 to 11 digits (§5): a North American number, with or without its leading 1. */
export const PHONE_LENGTH = { min: 10, max: 11 } as const;
/** Names have 1 to 50 characters. */
export const NAME_MAX_LENGTH = 50;
/** Addresses have at most 100 characters. */
export const ADDRESS_MAX_LENGTH = 100;
/** Shown when an address line is longer than ADDRESS_MAX_LENGTH (the spec gives no wording). */
export const ADDRESS_TOO_LONG_MESSAGE = 'Address can have up to 100 characters.';
/** Shown when the street address is left empty: it has no special characters to remove (the spec gives no wording). */
export const ADDRESS_REQUIRED_MESSAGE = 'Please enter a street address.';

/** Postal-code messages per market (the spec gives no wording). */
export const POSTAL_CODE_MESSAGE = {
  get us() {
    return m.postal_invalid_us();
  },
  get ca() {
    return m.postal_invalid_ca();
  },
};

/** Practical RFC 5322 subset: dot-separated atoms, then hyphenated labels and a 2+ letter TLD. */
const EMAIL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const EMAIL_PATTERN = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_LABEL}\\.)+[A-Za-z]{2,}$`);

/**
 * A phone as people write it: ASCII digits with spaces, dashes, dots or parentheses between them,
 * optionally after '+1' or a leading 1 (the North American country code).
 */
const PHONE_PATTERN = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/;
/**
 * Latin letters as names, cities and streets of the US and Canada are written: ASCII, the accented
 * letters of Latin-1 and Latin Extended-A/B and Additional (é, ç, ñ, ø, ł…) and combining accents.
 * Other scripts (Cyrillic look-alikes among them), digits in names and invisible characters stay out.
 */
const LATIN_LETTER = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u1E00-\\u1EFF\\u0300-\\u036F';
/** Apostrophes as typed on a keyboard (') or by a phone's smart punctuation (’). */
const APOSTROPHES = "'\u2019";
/** At least one English letter a-z (§5), then only Latin letters, spaces, hyphens, apostrophes and periods. */
const ENGLISH_LETTERS_PATTERN = new RegExp(`^(?=.*[A-Za-z])[${LATIN_LETTER} .${APOSTROPHES}-]+$`);
const ADDRESS_PATTERN = new RegExp(`^(?=.*[A-Za-z0-9])[${LATIN_LETTER}0-9 #.,${APOSTROPHES}/-]+$`);
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

/**
 * Phone: a US or Canadian number of 10 digits, or 11 with the leading 1, written with or without
 * spaces, dashes, dots, parentheses around the area code and '+1' ('(415) 555-0123', '+1 415.555.0123').
 */
export function phoneProblem(value: string): string | null {
  return PHONE_PATTERN.test(trimInput(value)) ? null : MSG.phoneInvalid;
}

/** The storage form of a valid phone: its 10 digits, without formatting or the country code 1. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Unicode's composed form, so an 'é' typed as e + accent and one typed whole are the same text. */
const composed = (value: string) => trimInput(value).normalize('NFC');

/** At least one English letter a-z; only Latin letters (accents too), spaces, hyphens, apostrophes and periods. */
export function englishLettersProblem(value: string): string | null {
  return ENGLISH_LETTERS_PATTERN.test(composed(value)) ? null : MSG.englishLettersRequired;
}

/** Name: 1-50 characters with at least one letter a-z: 'Émilie', "O'Brien-Smith", 'J. R. R. Tolkien'. */
export function nameProblem(value: string): string | null {
  const name = composed(value);
  if (name.length > NAME_MAX_LENGTH) return MSG.nameNeedsLetters;
  return ENGLISH_LETTERS_PATTERN.test(name) ? null : MSG.nameNeedsLetters;
}

/** City: like a name, with the English-letters message: 'Montréal', "St. John's", 'Winston-Salem'. */
export function cityProblem(value: string): string | null {
  return englishLettersProblem(value);
}

/** Address line: at most 100 characters, some alphanumerics, only Latin letters, digits, spaces and #.,'/- */
export function addressProblem(value: string): string | null {
  const address = composed(value);
  if (address === '') return m.address_required();
  if (address.length > ADDRESS_MAX_LENGTH) return m.address_too_long();
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

/** One field's problem in a refused request: the field's path in the body ('address.postalCode') and the message. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The data of a 400 answer for fields that break their rules (§7 envelope `data`). */
export interface FieldProblems {
  errors: FieldProblem[];
}

/** The field problems an answer's data carries; none when it carries other data or nothing. */
export function fieldProblemsIn(data: unknown): FieldProblem[] {
  const errors = (data as Partial<FieldProblems> | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (entry): entry is FieldProblem =>
      typeof entry?.field === 'string' && typeof entry?.message === 'string' && entry.message !== '',
  );
}
