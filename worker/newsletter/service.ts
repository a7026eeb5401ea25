import { accountRepository } from '../accounts/repository.ts';
import type { EmailSender } from '../platform/email.ts';
import { emails } from '../accounts/email-templates.ts';
import { signLink, verifyLink } from '../platform/tokens.ts';

/** Subscribe states of §3, plus SUBSCRIBED for someone already on the list. */
export type SubscribeState =
  | 'SUBSCRIBED'
  | 'NOT_SUBSCRIBE_CUSTOMER'
  | 'NOT_SUBSCRIBE_CUSTOMER_VISITOR'
  | 'VISITOR_UNAVAILABLE';

export interface NewsletterDeps {
  db: D1Database;
  secret: string;
  mailer: EmailSender;
  shopName: string;
  origin: string;
  market: string;
}

export interface SubscribeRequest {
  email: string;
  source: string;
  position: string | null;
  member: { accountId: number; email: string } | null;
}

/**
 * Subscribes an email. A member subscribing their own confirmed address is on the list at once;
 * anyone else confirms from an emailed link first (double opt-in).
 */
export async function subscribe(
  deps: NewsletterDeps,
  request: SubscribeRequest,
): Promise<{ errorStatus: boolean; errorText: string }> {
  const repo = accountRepository(deps.db);
  const existing = await repo.subscription(request.email);
  if (existing?.status === 'SUBSCRIBED') return { errorStatus: false, errorText: '' };
  const ownAddress = request.member && request.member.email.toLowerCase() === request.email.toLowerCase();
  const account = ownAddress ? await repo.byId(request.member!.accountId) : null;
  if (account?.emailVerified === 1) {
    await repo.saveSubscription(request.email, 'SUBSCRIBED', request.source, request.position, account.id, deps.market);
    await repo.setSubscribed(account.id, true);
    return { errorStatus: false, errorText: '' };
  }
  await repo.saveSubscription(
    request.email,
    'PENDING',
    request.source,
    request.position,
    request.member?.accountId ?? null,
    deps.market,
  );
  const [confirm, leave] = await Promise.all([
    signLink({ purpose: 'newsletter-confirm', email: request.email }, deps.secret),
    signLink({ purpose: 'newsletter-unsubscribe', email: request.email }, deps.secret),
  ]);
  await deps.mailer.send(
    emails.newsletterConfirm(
      deps.shopName,
      request.email,
      `${deps.origin}/?subscribeToken=${encodeURIComponent(confirm)}`,
      `${deps.origin}/?unsubscribeToken=${encodeURIComponent(leave)}`,
    ),
  );
  return { errorStatus: false, errorText: '' };
}

/** Confirms a subscription from its link; false when the link is not valid. */
export async function confirmSubscription(deps: NewsletterDeps, token: string): Promise<boolean> {
  const claims = await verifyLink(token, 'newsletter-confirm', deps.secret);
  if (!claims) return false;
  const repo = accountRepository(deps.db);
  await repo.saveSubscription(claims.email, 'SUBSCRIBED', 'EMAIL_CONFIRM', null, null, deps.market);
  const account = await repo.byEmail(claims.email);
  if (account) await repo.setSubscribed(account.id, true);
  return true;
}

/** Leaves the list: one click from an email link, or the member's own address. */
export async function unsubscribe(deps: NewsletterDeps, email: string): Promise<void> {
  const repo = accountRepository(deps.db);
  await repo.saveSubscription(email, 'UNSUBSCRIBED', 'UNSUBSCRIBE', null, null, deps.market);
  const account = await repo.byEmail(email);
  if (account) await repo.setSubscribed(account.id, false);
}

export async function unsubscribeEmailOf(token: string, secret: string): Promise<string | null> {
  return (await verifyLink(token, 'newsletter-unsubscribe', secret))?.email ?? null;
}

/** The subscribe state of the member, or of the visitor's remembered email. */
export async function subscribeState(
  db: D1Database,
  member: { email: string } | null,
  visitorEmail: string | null,
): Promise<SubscribeState> {
  const email = member?.email ?? visitorEmail;
  if (!email) return 'VISITOR_UNAVAILABLE';
  const subscription = await accountRepository(db).subscription(email);
  if (subscription?.status === 'SUBSCRIBED') return 'SUBSCRIBED';
  return member ? 'NOT_SUBSCRIBE_CUSTOMER' : 'NOT_SUBSCRIBE_CUSTOMER_VISITOR';
}
