/**
 * The back office's customers (issue 19): finding members, one member's orders, addresses,
 * garage and points, and what staff do for them (adjust points, resend the confirmation email,
 * block). Each change carries its audit entry into the accounts or members domain's own batch.
 */
import { type AccountDeps, resendConfirmationFor } from '../accounts/service.ts';
import { customerAccount, type CustomerRecord, findCustomers, setCustomerBlocked } from '../accounts/staff.ts';
import { getShopSettings } from '../content/service.ts';
import { pointsBalances, pointsLedger } from '../members/service.ts';
import { adjustPoints } from '../members/staff.ts';
import { staffAccountOrders, staffOrderCounts } from '../orders/staff.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { memberGarage } from '../vehicles/service.ts';
import type { AdminContext } from './guard.ts';
import { auditOf, recordAudit, type StaffMember } from './service.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { marketOrigin } from '../platform/origin.ts';
import { staffFormBase, trimmed } from './form.ts';
import type * as z from 'zod';

export const CUSTOMERS_PAGE_SIZE = 25;
/** The most a member page lists of their orders and ledger entries (the orders list has the rest). */
const ORDERS_SHOWN = 50;
const LEDGER_SHOWN = 100;
export const POINTS_REASON_MAX = 200;
const POINTS_MAX = 1_000_000;
const KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export const CUSTOMER_MSG = {
  notFound: 'There is no customer with this number.',
  pointsInvalid:
    'Please enter a whole number of points other than 0 (at most 1,000,000 either way), such as 500 or -200.',
  reasonRequired: `Please give a reason (up to ${POINTS_REASON_MAX} characters).`,
  formExpired: 'This form has expired. Please reload the page and try again.',
  belowZero: (balance: number, delta: number) =>
    `The balance is ${balance} points: taking ${-delta} would bring it below zero. Nothing was changed.`,
  alreadyConfirmed: 'This customer has already confirmed their email address: there is nothing to resend.',
  alreadyBlocked: 'This account is already blocked.',
  notBlocked: 'This account is not blocked.',
} as const;

/** What the member page says after a change (by the `done` query value the change redirects with). */
export const CUSTOMER_DONE: Record<string, string> = {
  points: 'Points adjusted.',
  repeated: 'This adjustment had already been made: it was applied once.',
  confirmation: 'A new confirmation link was sent to the customer.',
  blocked: 'The account is blocked: the customer is signed out and cannot sign in.',
  unblocked: 'The account is unblocked: the customer can sign in again.',
};

/** The search's query string as typed, for the form to show again. */
export interface CustomerQuery {
  q: string;
  page: number;
}

/** Reads the search's query string; anything odd is the first page of everyone. */
export function customerQuery(query: (name: string) => string | undefined): CustomerQuery {
  const page = Number.parseInt(query('page') ?? '1', 10);
  return {
    q: (query('q') ?? '').trim().slice(0, 200),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** A customer in the search results: the account with their order count and points balance. */
export interface CustomerListing extends CustomerRecord {
  orders: number;
  balance: number;
}

/** A page of members matching the search, each with their orders count and points balance. */
export async function searchCustomers(db: D1Database, query: CustomerQuery) {
  const { rows, total } = await findCustomers(db, query.q || null, query.page, CUSTOMERS_PAGE_SIZE);
  const ids = rows.map((row) => row.id);
  const [counts, balances] = await Promise.all([staffOrderCounts(db, ids), pointsBalances(db, ids)]);
  const orders = new Map(counts.map((row) => [row.accountId, row.orders]));
  const list: CustomerListing[] = rows.map((row) => ({
    ...row,
    orders: orders.get(row.id) ?? 0,
    balance: balances.get(row.id) ?? 0,
  }));
  return { list, total, pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)) };
}

/** One member's account; null when there is no such member. */
export async function findCustomer(db: D1Database, accountId: number): Promise<CustomerRecord | null> {
  return (await customerAccount(db, accountId))?.account ?? null;
}

/** Everything the member page shows; null when there is no such member. */
export async function customerDetail(db: D1Database, accountId: number) {
  const found = await customerAccount(db, accountId);
  if (!found) return null;
  const [orders, garage, balances, ledger] = await Promise.all([
    staffAccountOrders(db, accountId, ORDERS_SHOWN),
    memberGarage(db, accountId),
    pointsBalances(db, [accountId]),
    pointsLedger(db, accountId, LEDGER_SHOWN),
  ]);
  return { ...found, orders, garage, balance: balances.get(accountId) ?? 0, ledger };
}
export type CustomerDetail = NonNullable<Awaited<ReturnType<typeof customerDetail>>>;

/** The audit entry of a change to a customer, written in the change's own batch. */
function customerAudit(
  _db: D1Database,
  actor: StaffMember,
  action: string,
  accountId: number,
  before: unknown,
  after: unknown,
): AuditEntry {
  return auditOf(actor, { action, recordType: 'customer', recordId: String(accountId), before, after });
}

/** The points form as posted. */
export const adjustmentForm = staffFormBase.extend({
  points: trimmed(40),
  reason: trimmed(),
  idempotencyKey: trimmed(100),
});

/** The points form: a signed whole number, a reason and the form's idempotency key; or what is wrong. */
export function parseAdjustment(form: z.output<typeof adjustmentForm>) {
  const { points, reason } = form;
  const key = form.idempotencyKey;
  const delta = /^[+-]?\d{1,7}$/.test(points) ? Number(points) : Number.NaN;
  if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > POINTS_MAX)
    return { error: CUSTOMER_MSG.pointsInvalid };
  if (!reason || reason.length > POINTS_REASON_MAX) return { error: CUSTOMER_MSG.reasonRequired };
  if (!KEY_PATTERN.test(key)) return { error: CUSTOMER_MSG.formExpired };
  return { adjustment: { delta, reason, key } };
}

/** Adjusts a member's points with the audit entry in the same write; the member must exist. */
export async function adjustCustomerPoints(
  db: D1Database,
  actor: StaffMember,
  accountId: number,
  change: { delta: number; reason: string; key: string },
) {
  const { delta, reason: note, key } = change;
  // The balance as read just before: the ledger entry itself is what decides (see adjustPoints).
  const before = (await pointsBalances(db, [accountId])).get(accountId) ?? 0;
  const after = { balance: before + delta, points: delta, reason: note };
  const audit = customerAudit(db, actor, 'customer.adjustPoints', accountId, { balance: before }, after);
  return adjustPoints(db, { accountId, delta, note, key, now: systemClock.now() }, audit);
}

/** Blocks or unblocks a member (audited; blocking ends their sessions). */
export function setBlocked(db: D1Database, actor: StaffMember, accountId: number, blocked: boolean) {
  const action = blocked ? 'customer.block' : 'customer.unblock';
  const audit = customerAudit(db, actor, action, accountId, { blocked: !blocked }, { blocked });
  return setCustomerBlocked(db, accountId, blocked, audit);
}

/** The account flows' dependencies with links to the member's own market's configured origin. */
async function depsFor(c: AdminContext, market: string): Promise<AccountDeps> {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  return {
    db: c.env.DB,
    secret: c.env.AUTH_SECRET,
    pepper: c.env.PASSWORD_PEPPER,
    mailer: await mailerFor(c.env),
    shopName: settings.SHOP_NAME,
    origin: marketOrigin(c.env, market),
  };
}

/** Resends the confirmation email of an unconfirmed member; the audit entry is written once it is sent. */
export async function resendConfirmation(c: AdminContext, account: Pick<CustomerRecord, 'id' | 'market' | 'email'>) {
  const sent = await resendConfirmationFor(await depsFor(c, account.market), account.id);
  if (sent === 'sent') {
    const audit = { email: account.email };
    await recordAudit(c.env.DB, c.var.staff, {
      action: 'customer.resendConfirmation',
      recordType: 'customer',
      recordId: String(account.id),
      before: null,
      after: audit,
    });
  }
  return sent;
}
