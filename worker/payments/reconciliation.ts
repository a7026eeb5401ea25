import type { MovementKind, OrderMoney } from '../../shared/payment-movements.ts';
import { listOf, balanceTransaction } from './contracts/stripe.ts';
import { type DisputeRecord, ledgerRepository, type MovementSum, type ShopSum } from './ledger-repository.ts';
import type { PaymentEnv, ProviderRuntime } from './provider.ts';
import { StripeApi } from './stripe-api.ts';

/**
 * Money that reconciles (issue 38): per order, what the shop's books say it took and gave back
 * against what each provider reported; per day, each provider's captured, refunded, disputed, fees
 * and payouts by currency, with every order whose two sides disagree flagged.
 */

const DAY_MS = 86_400_000;

export interface ProviderDayTotals {
  provider: string;
  currency: string;
  totals: Record<MovementKind, number>;
}

export interface ReconciliationReport {
  day: string;
  /** Provider totals of the day, by currency. */
  providers: ProviderDayTotals[];
  /** Orders whose money moved that day, on either side. */
  ordersChecked: number;
  /** Those whose shop and provider totals disagree, each with both sides. */
  flagged: (OrderMoney & { orderId: string })[];
  /** Providers whose fees could not be read this time (unreachable), so their fee total is short. */
  feesMissing: string[];
}

const zeroTotals = (): Record<MovementKind, number> => ({
  CAPTURE: 0,
  REFUND: 0,
  REFUND_FAILED: 0,
  DISPUTE: 0,
  DISPUTE_REVERSAL: 0,
  FEE: 0,
  PAYOUT: 0,
});

/** Both sides of each order, per provider and currency: the shop's books beside the provider's movements. */
export function orderMoney(
  sums: readonly MovementSum[],
  books: readonly ShopSum[],
): (OrderMoney & { orderId: string })[] {
  const rows = new Map<string, OrderMoney & { orderId: string }>();
  const row = (orderId: string, provider: string, currency: string) => {
    const key = `${orderId}|${provider}|${currency}`;
    let found = rows.get(key);
    if (!found) {
      found = {
        orderId,
        provider,
        currency,
        shopCapturedCent: 0,
        shopRefundedCent: 0,
        providerCapturedCent: 0,
        providerRefundedCent: 0,
        disputedCent: 0,
        disputeReturnedCent: 0,
        feeCent: 0,
        mismatch: false,
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const book of books) {
    const money = row(book.orderId, book.provider, book.currency);
    money.shopCapturedCent += book.capturedCent;
    money.shopRefundedCent += book.refundedCent;
  }
  for (const sum of sums) {
    if (!sum.orderId) continue;
    const money = row(sum.orderId, sum.provider, sum.currency);
    if (sum.kind === 'CAPTURE') money.providerCapturedCent += sum.totalCent;
    if (sum.kind === 'REFUND') money.providerRefundedCent += sum.totalCent;
    if (sum.kind === 'REFUND_FAILED') money.providerRefundedCent -= sum.totalCent;
    if (sum.kind === 'DISPUTE') money.disputedCent += sum.totalCent;
    if (sum.kind === 'DISPUTE_REVERSAL') money.disputeReturnedCent += sum.totalCent;
    if (sum.kind === 'FEE') money.feeCent += sum.totalCent;
  }
  for (const money of rows.values())
    money.mismatch =
      money.shopCapturedCent !== money.providerCapturedCent || money.shopRefundedCent !== money.providerRefundedCent;
  return [...rows.values()];
}

/** What each provider holds of one order, and its disputes: the back office's order page. */
export async function providerMoneyOfOrder(
  db: D1Database,
  orderId: string,
): Promise<{ money: OrderMoney[]; disputes: DisputeRecord[] }> {
  const ledger = ledgerRepository(db);
  const [sums, books, disputes] = await Promise.all([
    ledger.sumsForOrders([orderId]),
    ledger.shopSums([orderId]),
    ledger.disputesForOrder(orderId),
  ]);
  return { money: orderMoney(sums, books), disputes };
}

/** The UTC day a time falls on, as YYYY-MM-DD. */
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A YYYY-MM-DD day that exists, or null. */
export function parseDay(text: string | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && dayOf(time) === text ? text : null;
}

/**
 * The card provider's fees of the day, from its balance transactions (each kept once in the ledger).
 * False when the provider could not be read; true when there is nothing to read (no card provider).
 */
async function readCardFees(env: PaymentEnv, runtime: ProviderRuntime, from: number, to: number): Promise<boolean> {
  if (!env.CARD_PROVIDER_SECRET_KEY) return true;
  const api = new StripeApi(env, runtime);
  const ledger = ledgerRepository(env.DB);
  let after: string | undefined;
  for (let page = 0; page < 50; page++) {
    const query: Record<string, string> = {
      'created[gte]': String(Math.floor(from / 1000)),
      'created[lt]': String(Math.floor(to / 1000)),
      limit: '100',
      ...(after ? { starting_after: after } : {}),
    };
    const answer = await api.get('/v1/balance_transactions', query, listOf(balanceTransaction));
    if (!answer.ok) return false;
    for (const txn of answer.body.data)
      if (txn.fee > 0) await ledger.recordFee('card', txn.id, txn.fee, txn.currency.toUpperCase(), txn.created * 1000);
    if (!answer.body.has_more || answer.body.data.length === 0) return true;
    after = answer.body.data.at(-1)?.id;
  }
  return true;
}

/** Builds the report of one UTC day from the ledger and the shop's books (and the card provider's fees). */
export async function buildReconciliation(
  env: PaymentEnv,
  runtime: ProviderRuntime,
  day: string,
): Promise<ReconciliationReport> {
  const from = Date.parse(`${day}T00:00:00Z`);
  const to = from + DAY_MS;
  const feesRead = await readCardFees(env, runtime, from, to);
  const ledger = ledgerRepository(env.DB);
  const orderIds = await ledger.ordersTouchedIn(from, to);
  const [daySums, orderSums, books] = await Promise.all([
    ledger.sumsIn(from, to),
    ledger.sumsForOrders(orderIds),
    ledger.shopSums(orderIds),
  ]);
  const providers = new Map<string, ProviderDayTotals>();
  for (const sum of daySums) {
    const key = `${sum.provider}|${sum.currency}`;
    const totals = providers.get(key) ?? { provider: sum.provider, currency: sum.currency, totals: zeroTotals() };
    totals.totals[sum.kind] += sum.totalCent;
    providers.set(key, totals);
  }
  return {
    day,
    providers: [...providers.values()].sort((a, b) =>
      `${a.provider}${a.currency}`.localeCompare(`${b.provider}${b.currency}`),
    ),
    ordersChecked: orderIds.length,
    flagged: orderMoney(orderSums, books).filter((money) => money.mismatch),
    feesMissing: feesRead ? [] : ['card'],
  };
}

/** The hour (UTC) after which the cron builds the day before's report: late webhooks have arrived by then. */
const REPORT_HOUR = 6;

/**
 * The cron's daily step: once it is past 06:00 UTC, builds the previous day's report and keeps it,
 * once (two cron runs at once keep one). Answers the day built, or null when there was nothing to do.
 */
export async function buildDailyReconciliation(
  env: PaymentEnv,
  runtime: ProviderRuntime,
  now: number,
): Promise<string | null> {
  if (new Date(now).getUTCHours() < REPORT_HOUR) return null;
  const day = dayOf(now - DAY_MS);
  const ledger = ledgerRepository(env.DB);
  if (await ledger.report(day)) return null;
  const report = await buildReconciliation(env, runtime, day);
  return (await ledger.saveReport(day, report.flagged.length, JSON.stringify(report), now)) ? day : null;
}

/** A kept report, read back; null when none was built for that day. */
export async function keptReconciliation(db: D1Database, day: string): Promise<ReconciliationReport | null> {
  const kept = await ledgerRepository(db).report(day);
  return kept ? (JSON.parse(kept.body) as ReconciliationReport) : null;
}

export const reconciliationReports = (db: D1Database) => ledgerRepository(db).reports();
export const openDisputes = (db: D1Database) => ledgerRepository(db).disputes('OPEN');
export type { DisputeRecord };
