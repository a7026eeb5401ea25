/** Newsletter subscription queries. The only place with their SQL. */

export type SubscriptionStatus = 'PENDING' | 'SUBSCRIBED' | 'UNSUBSCRIBED';

export function newsletterRepository(db: D1Database) {
  return {
    subscription: (email: string) =>
      db
        .prepare('SELECT email, status, account_id AS accountId FROM newsletter_subscription WHERE email = ?')
        .bind(email)
        .first<{ email: string; status: string; accountId: number | null }>(),

    /** Records the email's state; an account once known stays linked. */
    saveSubscription: (
      email: string,
      status: SubscriptionStatus,
      source: string,
      position: string | null,
      accountId: number | null,
      market: string,
    ) =>
      db
        .prepare(
          `INSERT INTO newsletter_subscription (email, status, source, position, account_id, market)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6)
           ON CONFLICT (email) DO UPDATE SET status = ?2, source = ?3, position = ?4,
             account_id = coalesce(?5, account_id), updated_at = unixepoch()`,
        )
        .bind(email, status, source, position, accountId, market)
        .run(),
  };
}
