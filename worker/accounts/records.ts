/**
 * The accounts domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */
import type { Locale } from '../../shared/i18n/locale.ts';

/** A member as the back office lists and shows them. */
export interface CustomerRecord {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  market: string;
  emailVerified: number;
  subscribed: number;
  /** Unix seconds. */
  createdAt: number;
  blockedAt: number | null;
  /** The language the member reads the shop in (AccountRecord's), for emails not tied to an order. */
  locale: Locale | null;
}

export interface AccountRecord {
  id: number;
  email: string;
  passwordHash: string | null;
  emailVerified: number;
  clientType: string;
  zipCode: string | null;
  defaultGarage: number | null;
  useFirstDiscount: number;
  subscribed: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  tokenVersion: number;
  market: string;
  /** When staff blocked the account (unix seconds); null while it may sign in. */
  blockedAt: number | null;
  /** The birthday's month (1 to 12) and day, both null when the member gave none (issue 21 birthday points). */
  birthMonth: number | null;
  birthDay: number | null;
  /** The language the member last opened the Canadian shop's pages in; null before they did (issue 37). */
  locale: Locale | null;
}
