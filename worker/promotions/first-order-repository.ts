/**
 * First-order promotions' SQL (issue 21, §3 useFirstDiscount): who may still have one, the live
 * offers of a market, and the account's mark an order that used one sets and a cancellation clears.
 */
/**
 * SQL that is true while a shopper may still have a first-order promotion: the account (if any)
 * has not used one, and neither the account nor the email (the guest's, or the account's own) has
 * an order that is paid or awaiting payment, i.e. not cancelled, other than `exceptOrder`. The
 * arguments are SQL expressions (parameters); a null or 0 account and a null email match nothing.
 */
export function firstOrderOpenSql(account: string, email: string, exceptOrder: string): string {
  return `(NOT EXISTS (SELECT 1 FROM account fa WHERE fa.id = ${account} AND fa.use_first_discount = 1)
    AND NOT EXISTS (SELECT 1 FROM orders fo WHERE fo.status <> 'CANCELLED' AND fo.id IS NOT ${exceptOrder}
      AND (fo.account_id = ${account} OR fo.email = ${email}
        OR fo.email = (SELECT fa.email FROM account fa WHERE fa.id = ${account}))))`;
}

/** The first-order queries over one D1 database. */
export function firstOrderRepository(db: D1Database) {
  return {
    /** Whether this member (or guest email) may still have a first-order promotion. */
    async isOpen(accountId: number | null, email: string | null): Promise<boolean> {
      const row = await db
        .prepare(`SELECT ${firstOrderOpenSql('?1', '?2', 'NULL')} AS open`)
        .bind(accountId ?? 0, email)
        .first<{ open: number }>();
      return row?.open === 1;
    },
  };
}

/** The order step's mark: the member's account has used its first-order discount (when this promotion is one). */
export function markFirstOrderStatement(db: D1Database, promotionId: number, accountId: number | null) {
  return db
    .prepare(
      `UPDATE account SET use_first_discount = 1
       WHERE id = ?1 AND EXISTS (SELECT 1 FROM promotion WHERE id = ?2 AND first_order_only = 1)`,
    )
    .bind(accountId, promotionId);
}

/** A cancelled order's undo of the mark; it must run before the order's uses are deleted. */
export function releaseFirstOrderStatement(db: D1Database, orderId: string) {
  return db
    .prepare(
      `UPDATE account SET use_first_discount = 0 WHERE id IN (SELECT u.account_id FROM promotion_usage u
         JOIN promotion p ON p.id = u.promotion_id WHERE u.order_id = ? AND p.first_order_only = 1)`,
    )
    .bind(orderId);
}
