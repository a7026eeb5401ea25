/**
 * The back office's side of promotions (issue 22): the list with each promotion's status, and the
 * decisions behind editing a promotion's basics and pausing or resuming it. Every change is one
 * update written in one batch with the audit entry the caller makes of it (before and after).
 */
import type { AuditedChange } from '../platform/audit.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { currencyOf, MARKET_IDS, type MarketId } from '../../shared/markets.ts';
import { describePromotion } from '../../shared/promotions/describe.ts';
import { type AdminPromotionRecord, type PromotionBasics, promotionAdminRepository } from './admin-repository.ts';
import { toPromotion, toSec } from './context.ts';
import { type DollarsFormat, dollarsToCents } from '../../shared/money.ts';

/** A promotion's state in the back office, in the order the list's filter offers them. */
export const PROMOTION_STATUSES = ['Scheduled', 'Running', 'Ended', 'Paused'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** The editable fields, by their form names. */
export const BASICS_FIELDS = [
  'name',
  'discountValue',
  'thresholdValue',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'market',
] as const;
export type BasicsField = (typeof BASICS_FIELDS)[number];
export type BasicsForm = Record<BasicsField, string>;

export const PROMOTION_NAME_MAX = 120;
export const PROMOTIONS_PER_PAGE = 25;

/** The messages an edit's fields may get. */
export const PROMOTION_EDIT_MSG = {
  name: `Enter a name of up to ${PROMOTION_NAME_MAX} characters.`,
  percent: 'Enter a whole percent from 1 to 100.',
  amount: 'Enter an amount in dollars and whole cents, more than 0 (e.g. 20.00).',
  thresholdAmount: 'Enter an amount in dollars and whole cents (e.g. 150.00), or 0 for none.',
  thresholdQuantity: 'Enter a whole number of items, 1 or more.',
  date: 'Enter a date and time (UTC), or leave it empty.',
  endAfterStart: 'The end must be after the start.',
  usageLimit: (used: number) =>
    `Enter a whole number of at least ${Math.max(used, 1)} (the uses so far), or leave it empty.`,
  perCustomerLimit: 'Enter a whole number, 1 or more, or leave it empty.',
  market: 'Choose both markets, US or Canada.',
} as const;

/** A promotion as the back office shows it. */
export interface AdminPromotion extends AdminPromotionRecord {
  status: PromotionStatus;
  /** What it gives, in the shopper's words (the market's currency; US dollars when valid in both). */
  gives: string;
}

/** A promotion's state now: paused wins, then its dates. */
export function promotionStatus(row: AdminPromotionRecord, nowSec: number): PromotionStatus {
  if (row.paused === 1) return 'Paused';
  if (row.endsAt !== null && row.endsAt <= nowSec) return 'Ended';
  if (row.startsAt !== null && row.startsAt > nowSec) return 'Scheduled';
  return 'Running';
}

function shown(row: AdminPromotionRecord, nowSec: number): AdminPromotion {
  const currency = currencyOf((row.market as MarketId | null) ?? 'us');
  return { ...row, status: promotionStatus(row, nowSec), gives: describePromotion(toPromotion(row, [], []), currency) };
}

const isStatus = (text: string | undefined): text is PromotionStatus =>
  (PROMOTION_STATUSES as readonly string[]).includes(text ?? '');

/** One page of the list: `status` one of PROMOTION_STATUSES (anything else: all), `search` a name or code. */
export async function promotionList(
  db: D1Database,
  view: { status?: string; search?: string; page: number },
  now: number,
) {
  const status = isStatus(view.status) ? view.status : null;
  const search = (view.search ?? '').trim().slice(0, 100);
  const nowSec = toSec(now);
  const size = PROMOTIONS_PER_PAGE;
  const { rows, total } = await promotionAdminRepository(db).page({
    status: status?.toUpperCase() ?? null,
    search,
    nowSec,
    limit: size,
    offset: (view.page - 1) * size,
  });
  const pages = Math.max(1, Math.ceil(total / size));
  return { promotions: rows.map((row) => shown(row, nowSec)), total, page: view.page, pages, status, search };
}

/** One promotion with its status, or null. */
export async function promotionDetail(db: D1Database, id: number, now: number): Promise<AdminPromotion | null> {
  const row = await promotionAdminRepository(db).byId(id);
  return row ? shown(row, toSec(now)) : null;
}

/** The audit entry of one change, written in the change's own batch. */
export type { AuditedChange } from '../platform/audit.ts';

export type PromotionChange =
  | { ok: true; promotion: AdminPromotion }
  | { ok: false; problem: 'not-found' }
  | { ok: false; problem: 'invalid'; promotion: AdminPromotion; errors: Partial<Record<BasicsField, string>> };

const basicsOf = (row: AdminPromotionRecord): PromotionBasics => ({
  name: row.name,
  discountValue: row.discountValue,
  thresholdValue: row.thresholdValue,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  market: row.market,
});

const WHOLE = /^\d{1,9}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

/** How a promotion's amounts are typed: up to $9,999,999.99. */
export const PROMOTION_DOLLARS: DollarsFormat = { maxWholeDigits: 7 };

/** Dollars as typed ("20", "20.5", "20.00") in cents; null when not dollars and whole cents. */
const cents = (text: string) => dollarsToCents(text, PROMOTION_DOLLARS);

/** A datetime-local value read as UTC, in epoch seconds; null for empty, undefined when invalid. */
function utcSeconds(text: string): number | null | undefined {
  if (text === '') return null;
  const ms = DATETIME.test(text) ? Date.parse(`${text}Z`) : Number.NaN;
  return Number.isFinite(ms) ? toSec(ms) : undefined;
}

/** An optional whole number of at least `min`; null for empty, undefined when invalid. */
function limit(text: string, min: number): number | null | undefined {
  if (text === '') return null;
  return WHOLE.test(text) && Number(text) >= min ? Number(text) : undefined;
}

/** The discount's value as stored, or the message; a promotion without one keeps its own. */
function discountValueOf(row: AdminPromotionRecord, text: string): number | string {
  if (row.discountType === 'PERCENT')
    return WHOLE.test(text) && Number(text) >= 1 && Number(text) <= 100 ? Number(text) : PROMOTION_EDIT_MSG.percent;
  if (row.discountType === 'FIXED_AMOUNT') {
    const value = cents(text);
    return value !== null && value > 0 ? value : PROMOTION_EDIT_MSG.amount;
  }
  return row.discountValue;
}

function thresholdValueOf(row: AdminPromotionRecord, text: string): number | string {
  if (row.thresholdType === 'AMOUNT') return cents(text) ?? PROMOTION_EDIT_MSG.thresholdAmount;
  if (row.thresholdType === 'QUANTITY')
    return WHOLE.test(text) && Number(text) >= 1 ? Number(text) : PROMOTION_EDIT_MSG.thresholdQuantity;
  return row.thresholdValue;
}

/** The form read against the promotion: its new basics, or a message for each field that is wrong. */
export function readBasics(
  row: AdminPromotionRecord,
  form: BasicsForm,
): { basics: PromotionBasics } | { errors: Partial<Record<BasicsField, string>> } {
  const errors: Partial<Record<BasicsField, string>> = {};
  const name = form.name.trim();
  if (name === '' || name.length > PROMOTION_NAME_MAX) errors.name = PROMOTION_EDIT_MSG.name;
  const discountValue = discountValueOf(row, form.discountValue.trim());
  if (typeof discountValue === 'string') errors.discountValue = discountValue;
  const thresholdValue = thresholdValueOf(row, form.thresholdValue.trim());
  if (typeof thresholdValue === 'string') errors.thresholdValue = thresholdValue;
  const startsAt = utcSeconds(form.startsAt.trim());
  if (startsAt === undefined) errors.startsAt = PROMOTION_EDIT_MSG.date;
  const endsAt = utcSeconds(form.endsAt.trim());
  if (endsAt === undefined) errors.endsAt = PROMOTION_EDIT_MSG.date;
  else if (endsAt !== null && typeof startsAt === 'number' && endsAt <= startsAt)
    errors.endsAt = PROMOTION_EDIT_MSG.endAfterStart;
  const usageLimit = limit(form.usageLimit.trim(), Math.max(row.usedCount, 1));
  if (usageLimit === undefined) errors.usageLimit = PROMOTION_EDIT_MSG.usageLimit(row.usedCount);
  const perCustomerLimit = limit(form.perCustomerLimit.trim(), 1);
  if (perCustomerLimit === undefined) errors.perCustomerLimit = PROMOTION_EDIT_MSG.perCustomerLimit;
  const market = form.market === '' ? null : (MARKET_IDS as readonly string[]).includes(form.market) ? form.market : 0;
  if (market === 0) errors.market = PROMOTION_EDIT_MSG.market;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    basics: {
      name,
      discountValue: discountValue as number,
      thresholdValue: thresholdValue as number,
      startsAt: startsAt as number | null,
      endsAt: endsAt as number | null,
      usageLimit: usageLimit as number | null,
      perCustomerLimit: perCustomerLimit as number | null,
      market: market as string | null,
    },
  };
}

/** Edits a promotion's basics: validated, then one update with its audit entry in one batch. */
export async function editPromotion(
  db: D1Database,
  id: number,
  form: BasicsForm,
  audit: AuditedChange,
  now: number,
): Promise<PromotionChange> {
  const repository = promotionAdminRepository(db);
  const row = await repository.byId(id);
  if (!row) return { ok: false, problem: 'not-found' };
  const read = readBasics(row, form);
  if ('errors' in read)
    return { ok: false, problem: 'invalid', promotion: shown(row, toSec(now)), errors: read.errors };
  const before = basicsOf(row);
  await unitOfWork(db)
    .add(repository.editStatement(id, read.basics))
    .audit(audit({ before, after: read.basics }))
    .run();
  return { ok: true, promotion: shown({ ...row, ...read.basics }, toSec(now)) };
}

/** Pauses (or resumes) a promotion: one update with its audit entry; nothing to write when it is so already. */
export async function setPromotionPaused(
  db: D1Database,
  id: number,
  paused: boolean,
  audit: AuditedChange,
  now: number,
): Promise<PromotionChange> {
  const repository = promotionAdminRepository(db);
  const row = await repository.byId(id);
  if (!row) return { ok: false, problem: 'not-found' };
  const after = { ...row, paused: paused ? 1 : 0 };
  if (row.paused !== after.paused)
    await unitOfWork(db)
      .add(repository.pauseStatement(id, paused))
      .audit(audit({ before: { paused: row.paused === 1 }, after: { paused } }))
      .run();
  return { ok: true, promotion: shown(after, toSec(now)) };
}
