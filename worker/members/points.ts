import type {
  MemberPointsAnswer,
  PointsLogAnswer,
  PointsLogEntry,
  PointsReminderAnswer,
} from '../../shared/api/members.ts';
import type { Market } from '../../shared/markets.ts';
import { MEMBER_POINTS, POINTS_REASON_KIND, type PointsLogKind, pointsLogKindLabel } from '../../shared/members.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { getShopSettings } from '../content/service.ts';
import type { Clock } from '../platform/clock.ts';
import { pointsEarned } from '../../shared/orders.ts';
import { unpaidOrdersOf } from '../orders/service.ts';
import { levelBenefitsFor } from './levels.ts';
import { DAY_MS, expiringSoon, replayLedger } from './points-rules.ts';
import { pointsRepository } from './repository.ts';
import type { LedgerEntry } from './records.ts';

/** Points the member's placed, not yet paid orders will earn once paid, at their level's rate. */
async function pendingPoints(db: D1Database, accountId: number, earnRate?: number): Promise<number> {
  const unpaid = await unpaidOrdersOf(db, accountId);
  return unpaid.reduce((sum, order) => sum + pointsEarned(order, earnRate), 0);
}

/**
 * What a member sees of their points (issue 21, §7 Account): the balance (the ledger's sum), what
 * placed orders will earn, what expires soon, and the log a page at a time.
 */

/** 100 points are worth one dollar (one cent each) at checkout. */
const CENTS_PER_POINT = 1;

/** Months after which earned points expire, from the shop settings. */
export async function pointsExpiryMonths(settings: KVNamespace, clock: Clock): Promise<number> {
  return (await getShopSettings(settings, clock)).POINTS_EXPIRY_MONTHS;
}

/** The member's ledger replayed to now: the lots left and when they expire. */
async function ledgerState(db: D1Database, accountId: number, months: number) {
  return replayLedger(await pointsRepository(db).facts(accountId), months);
}

/** GET member-points: balance, pending points, their worth, and what expires within the reminder window. */
export async function memberPoints(
  env: { DB: D1Database; SETTINGS: KVNamespace },
  accountId: number,
  market: Market,
  clock: Clock,
): Promise<MemberPointsAnswer> {
  const now = clock.now();
  const months = await pointsExpiryMonths(env.SETTINGS, clock);
  const ledger = pointsRepository(env.DB);
  const [balance, pending, state] = await Promise.all([
    ledger.balance(accountId),
    levelBenefitsFor(env.DB, accountId, now, env.SETTINGS).then((level) =>
      pendingPoints(env.DB, accountId, level?.benefits.earnRate),
    ),
    ledgerState(env.DB, accountId, months),
  ]);
  return {
    balance,
    pending,
    worthCent: Math.max(0, balance) * CENTS_PER_POINT,
    currency: market.currency,
    expiringSoon: expiringSoon(state, now + MEMBER_POINTS.reminderDays * DAY_MS),
    expiryMonths: months,
  };
}

/** GET member-points/reminder: the points that expire in the next 30 days and the first date. */
export async function pointsReminder(
  env: { DB: D1Database; SETTINGS: KVNamespace },
  accountId: number,
  clock: Clock,
): Promise<PointsReminderAnswer> {
  const months = await pointsExpiryMonths(env.SETTINGS, clock);
  const state = await ledgerState(env.DB, accountId, months);
  const soon = expiringSoon(state, clock.now() + MEMBER_POINTS.reminderDays * DAY_MS);
  return { ...soon, withinDays: MEMBER_POINTS.reminderDays };
}

const kindOf = (reason: string): PointsLogKind => POINTS_REASON_KIND[reason] ?? 'ADJUSTMENT';

/** What a shopper reads for a ledger row, in the language being spoken. */
export function pointsLabel(entry: Pick<LedgerEntry, 'delta' | 'reason' | 'reference' | 'note'>): string {
  const order = entry.reference ?? '';
  switch (entry.reason) {
    case 'EARNED_ORDER':
      return m.member_label_earned({ order });
    case 'BIRTHDAY':
      return m.member_label_birthday();
    case 'REDEEM_ORDER':
      return m.member_label_spent({ order });
    case 'REDEEM_COUPON':
      return m.member_label_coupon();
    case 'REFUND':
      return entry.delta > 0 ? m.member_label_given_back({ order }) : m.member_label_taken_back({ order });
    case 'ADJUSTMENT':
      return entry.note ? m.member_label_adjusted({ note: entry.note }) : pointsLogKindLabel('ADJUSTMENT');
    default:
      return pointsLogKindLabel(kindOf(entry.reason));
  }
}

/** GET member-points-log/list: the ledger newest first, a page at a time, optionally of one kind. */
export async function pointsLog(
  env: { DB: D1Database; SETTINGS: KVNamespace },
  accountId: number,
  query: { page: number; pageSize: number; kind?: PointsLogKind | undefined },
  clock: Clock,
): Promise<PointsLogAnswer> {
  const reasons = query.kind
    ? Object.keys(POINTS_REASON_KIND).filter((reason) => POINTS_REASON_KIND[reason] === query.kind)
    : null;
  const months = await pointsExpiryMonths(env.SETTINGS, clock);
  const offset = (query.page - 1) * query.pageSize;
  const [{ total, rows }, state] = await Promise.all([
    pointsRepository(env.DB).page(accountId, reasons, query.pageSize, offset),
    ledgerState(env.DB, accountId, months),
  ]);
  const lots = new Map(state.lots.map((lot) => [lot.id, lot]));
  const list = rows.map((row): PointsLogEntry => {
    const kind = kindOf(row.reason);
    const lot = kind === 'EARN' ? lots.get(row.id) : undefined;
    return {
      id: row.id,
      kind,
      reason: row.reason,
      label: pointsLabel(row),
      delta: row.delta,
      // An adjustment's reference is staff's idempotency key: nothing the shopper should read.
      reference: row.reason === 'ADJUSTMENT' ? null : row.reference,
      note: row.note,
      createdAt: row.createdAt,
      expiresAt: lot && lot.left > 0 ? lot.expiresAt : null,
    };
  });
  return { list, total, page: query.page, pageSize: query.pageSize };
}
