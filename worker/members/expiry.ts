import { MEMBER_POINTS } from '../../shared/members.ts';
import { customerAccount } from '../accounts/service.ts';
import { getShopSettings } from '../content/service.ts';
import type { Bindings } from '../env.ts';
import { mailerFor } from '../platform/email.ts';
import type { Clock } from '../platform/clock.ts';
import { creditedBefore, DAY_MS, dueExpiries, expiringBy, replayLedger, utcDay } from './points-rules.ts';
import { giveBirthdayPoints } from './birthday.ts';
import { pointsExpiryEmail } from './reminder-email.ts';
import { pointsRepository } from './repository.ts';
import { marketOrigin } from '../platform/origin.ts';
import { withLocale } from '../platform/i18n.ts';
import { type Locale, QUEBEC } from '../../shared/i18n/locale.ts';

/**
 * The daily points work (issue 21): earned points past their expiry are written off oldest first,
 * and members whose points expire within 14 days are emailed once per expiry date.
 */

const PAGE = 100;
/** A member's expiry is read again when a spend or an earn came in between the read and the write. */
const ATTEMPTS = 3;

/** Writes off a member's points that are due at `now`; answers how many points expired. */
export async function expireMemberPoints(db: D1Database, accountId: number, months: number, now: number) {
  const ledger = pointsRepository(db);
  let expired = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const facts = await ledger.facts(accountId);
    const due = dueExpiries(facts, months, now);
    if (due.length === 0) break;
    const lastId = facts.reduce((last, fact) => (fact.reason === 'EXPIRED' ? last : Math.max(last, fact.id)), 0);
    expired += await ledger.expire(accountId, due, lastId, now);
  }
  return expired;
}

/** Writes off every member's due points; answers how many points expired in all. */
export async function expireDuePoints(db: D1Database, months: number, now: number): Promise<number> {
  const ledger = pointsRepository(db);
  const before = creditedBefore(now, months);
  let expired = 0;
  for (let after = 0; ; ) {
    const members = await ledger.expiryCandidates(before, after, PAGE);
    for (const accountId of members) expired += await expireMemberPoints(db, accountId, months, now);
    if (members.length < PAGE) return expired;
    after = members.at(-1)!;
  }
}

/**
 * The language of a member's emails not tied to an order (issue 37): the one kept in their profile from the
 * pages they opened; before they opened any signed in, French when their default address is in Quebec. The US
 * site speaks English.
 */
export function memberLanguage(customer: {
  account: { market: string; locale: Locale | null };
  addresses: readonly { regionCode: string; isDefault: number }[];
}): Locale {
  if (customer.account.market !== 'ca') return 'en';
  if (customer.account.locale) return customer.account.locale;
  const home = customer.addresses.find((address) => address.isDefault) ?? customer.addresses[0];
  return home?.regionCode === QUEBEC ? 'fr' : 'en';
}

/** Emails one member about each expiry date within the email window not yet told; answers how many were sent. */
async function remindMember(env: Bindings, accountId: number, months: number, now: number): Promise<number> {
  const ledger = pointsRepository(env.DB);
  const state = replayLedger(await ledger.facts(accountId), months);
  const expiring = expiringBy(state, now + MEMBER_POINTS.emailDaysBefore * DAY_MS).filter(
    (group) => group.expiresAt > now,
  );
  if (expiring.length === 0) return 0;
  const customer = await customerAccount(env.DB, accountId);
  if (!customer || customer.account.blockedAt !== null) return 0;
  const { SHOP_NAME } = await getShopSettings(env.SETTINGS, { now: () => now });
  const origin = marketOrigin(env, customer.account.market);
  const locale = memberLanguage(customer);
  const mailer = await mailerFor(env);
  let sent = 0;
  for (const group of expiring) {
    const expiresOn = utcDay(group.expiresAt);
    if (!(await ledger.claimReminder(accountId, expiresOn, group.points, now))) continue;
    const email = withLocale(locale, () =>
      pointsExpiryEmail({ to: customer.account.email, ...group }, SHOP_NAME, origin),
    );
    try {
      await mailer.send(email);
      sent++;
    } catch (error) {
      await ledger.releaseReminder(accountId, expiresOn);
      throw error;
    }
  }
  return sent;
}

/** Emails every member whose points expire within 14 days, once per expiry date; answers how many were sent. */
export async function sendExpiryReminders(env: Bindings, months: number, now: number): Promise<number> {
  const ledger = pointsRepository(env.DB);
  // Credits whose expiry can fall between now and the email window's end (the rules narrow it exactly).
  const from = creditedBefore(now, months) - 8 * DAY_MS;
  const to = creditedBefore(now + MEMBER_POINTS.emailDaysBefore * DAY_MS, months);
  let sent = 0;
  for (let after = 0; ; ) {
    const members = await ledger.creditedBetween(from, to, after, PAGE);
    for (const accountId of members) sent += await remindMember(env, accountId, months, now);
    if (members.length < PAGE) return sent;
    after = members.at(-1)!;
  }
}

/**
 * The points work of the day, run by the first cron tick of each UTC day that claims it: expiry
 * first, so the emails tell only of points still there. Null when the day's run was claimed already.
 */
export async function runDailyPoints(
  env: Bindings,
  clock: Clock,
): Promise<{ expired: number; emailed: number; birthdays: number } | null> {
  const now = clock.now();
  if (!(await pointsRepository(env.DB).claimDailyRun(utcDay(now), now))) return null;
  const months = (await getShopSettings(env.SETTINGS, clock)).POINTS_EXPIRY_MONTHS;
  const expired = await expireDuePoints(env.DB, months, now);
  const emailed = await sendExpiryReminders(env, months, now);
  const birthdays = await giveBirthdayPoints(env, now);
  return { expired, emailed, birthdays };
}
