import { MONEY_BACK_STATUSES, REFUNDED_STATUSES, type OrderStatus } from '../../shared/order-status.ts';
import { sqlStatusList } from '../../shared/status-machine.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import type { Currency, MarketId } from '../../shared/markets.ts';
import { ORDER_COLUMNS, summary } from './repository.ts';
import type { OrderRecord, StaffOrderFilter } from './records.ts';

/** The back office's reads of orders (issue 19): the order search, a member's orders, the dashboard's figures. */

/** D1 refuses LIKE patterns over 50 bytes: longer text is matched exactly (a whole email, an order number). */
const LIKE_MAX_BYTES = 50;
function likeText(text: string | null): string | null {
  if (text === null) return null;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return new TextEncoder().encode(pattern).length > LIKE_MAX_BYTES ? null : pattern;
}

/**
 * The back office's order search, newest first: a page of orders, how many match, and the matching
 * orders' count and total per currency (each market's own money, never added across currencies).
 */
export async function staffOrderSearch(db: D1Database, filter: StaffOrderFilter) {
  const where = `(?1 IS NULL OR id = ?1 OR email = ?1 OR email LIKE ?2 ESCAPE '\\'
      OR (json_extract(address, '$.firstName') || ' ' || json_extract(address, '$.lastName')) LIKE ?2 ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM order_line l WHERE l.order_id = orders.id AND l.part_number = ?1 COLLATE NOCASE))
    AND (?3 IS NULL OR status = ?3) AND (?4 IS NULL OR market = ?4)
    AND (?5 IS NULL OR created_at >= ?5) AND (?6 IS NULL OR created_at < ?6)
    AND (?9 IS NULL OR (?9 = 'unpaid' AND paid_at IS NULL AND status <> 'CANCELLED')
      OR (?9 = 'paid' AND paid_at IS NOT NULL)
      OR (?9 = 'refunded' AND paid_at IS NOT NULL AND (status IN (${sqlStatusList(REFUNDED_STATUSES)})
        OR EXISTS (SELECT 1 FROM order_refund r WHERE r.order_id = orders.id AND r.status = 'DONE'))))`;
  const params = [filter.text, likeText(filter.text), filter.status, filter.market, filter.from, filter.to];
  const [totals, rows] = await db.batch([
    db
      .prepare(`SELECT currency, count(*) AS orders, sum(total_cent) AS totalCent FROM orders WHERE ${where}
        GROUP BY currency ORDER BY currency DESC`)
      .bind(...params, null, null, filter.payment),
    db
      .prepare(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT ?7 OFFSET ?8`,
      )
      .bind(...params, filter.size, (filter.page - 1) * filter.size, filter.payment),
  ]);
  const byCurrency = totals!.results as { currency: Currency; orders: number; totalCent: number }[];
  return {
    total: byCurrency.reduce((sum, row) => sum + row.orders, 0),
    byCurrency,
    list: (rows!.results as OrderRecord[]).map(summary),
  };
}

/** How many orders each member has placed, for the back office's customers (members without any are left out). */
export async function staffOrderCounts(db: D1Database, accountIds: readonly number[]) {
  const { results } = await db
    .prepare(
      `SELECT account_id AS accountId, count(*) AS orders FROM orders
       WHERE account_id IN (SELECT value FROM json_each(?)) GROUP BY account_id`,
    )
    .bind(JSON.stringify(accountIds))
    .all<{ accountId: number; orders: number }>();
  return results;
}

/** A member's orders for the back office, newest first (those hidden from their history too), and how many. */
export async function staffAccountOrders(db: D1Database, accountId: number, limit: number) {
  const [total, rows] = await db.batch([
    db.prepare(`SELECT count(*) AS total FROM orders WHERE account_id = ?`).bind(accountId),
    db
      .prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
      .bind(accountId, limit),
  ]);
  return { total: (total!.results[0] as { total: number }).total, list: (rows!.results as OrderRecord[]).map(summary) };
}

/**
 * The back office dashboard's figures (issue 19): per market, the orders placed since `dayStart`
 * and since `weekStart` (milliseconds, the day within the week) and the total of those paid and
 * neither cancelled nor refunded; and how many orders are in each of `statuses` now.
 */
export async function staffOrderFigures(
  db: D1Database,
  since: { dayStart: number; weekStart: number },
  statuses: readonly OrderStatus[],
) {
  const earning = `paid_at IS NOT NULL AND status NOT IN (${sqlStatusList(MONEY_BACK_STATUSES)})`;
  const [placed, waiting] = await db.batch([
    db
      .prepare(
        `SELECT market, currency, count(*) AS weekOrders, sum(CASE WHEN ${earning} THEN total_cent END) AS weekCent,
          sum(created_at >= ?1) AS dayOrders,
          sum(CASE WHEN created_at >= ?1 AND ${earning} THEN total_cent END) AS dayCent
        FROM orders WHERE created_at >= ?2 GROUP BY market, currency`,
      )
      .bind(since.dayStart, since.weekStart),
    db
      .prepare(
        `SELECT status, count(*) AS orders FROM orders
        WHERE status IN (SELECT value FROM json_each(?)) GROUP BY status`,
      )
      .bind(JSON.stringify(statuses)),
  ]);
  type Placed = { market: MarketId; currency: Currency; dayOrders: number; dayCent: number | null };
  return {
    placed: placed!.results as (Placed & { weekOrders: number; weekCent: number | null })[],
    byStatus: waiting!.results as { status: OrderStatus; orders: number }[],
  };
}

/**
 * What a member paid for parts (cents, after discounts and points, before shipping and tax) on the
 * orders paid since `since` (ms), less the parts' share of the refunds given on them: cancelled
 * and fully refunded orders count for nothing. Member levels are judged on it (issue 21), in the
 * currency of the member's own market: orders in the other market's currency are not added in.
 */
export async function memberPartsSpend(db: D1Database, accountId: number, since: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT coalesce(sum(max(0, parts - refunded)), 0) AS spent FROM (
        SELECT o.subtotal_cent - o.discount_cent - o.points_cent AS parts,
          coalesce((SELECT sum((r.amount_cent - r.shipping_cent) * (o.subtotal_cent - o.discount_cent - o.points_cent
              + o.shipping_cent - o.shipping_discount_cent) / max(o.total_cent, 1))
            FROM order_refund r WHERE r.order_id = o.id AND r.status <> 'FAILED'), 0) AS refunded
        FROM orders o
        WHERE o.account_id = ?1 AND o.paid_at >= ?2 AND o.status NOT IN (${sqlStatusList(MONEY_BACK_STATUSES)})
          AND o.market = (SELECT a.market FROM account a WHERE a.id = ?1))`,
    )
    .bind(accountId, since)
    .first<{ spent: number }>();
  return row?.spent ?? 0;
}

/** The language of a member's latest order (what their order emails speak), or null before their first. */
export async function memberOrderLanguage(db: D1Database, accountId: number): Promise<Locale | null> {
  const row = await db
    .prepare(`SELECT locale FROM orders WHERE account_id = ? ORDER BY created_at DESC LIMIT 1`)
    .bind(accountId)
    .first<{ locale: Locale }>();
  return row?.locale ?? null;
}
