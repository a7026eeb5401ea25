import * as accounts from '../accounts/service.ts';
import type { EmailSender } from '../platform/email.ts';
import { signLink, verifyLink } from '../platform/tokens.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { newsletterConfirmEmail } from './email.ts';
import { NEWSLETTER_PATH } from './views/NewsletterLinkPage.tsx';
import { newsletterRepository } from './repository.ts';

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
  const repo = newsletterRepository(deps.db);
  const existing = await repo.subscription(request.email);
  if (existing?.status === 'SUBSCRIBED') return { errorStatus: false, errorText: '' };
  const member = request.member;
  const ownAddress = member && member.email.toLowerCase() === request.email.toLowerCase();
  if (ownAddress && (await accounts.emailConfirmed(deps.db, member.accountId))) {
    await repo.saveSubscription(
      request.email,
      'SUBSCRIBED',
      request.source,
      request.position,
      member.accountId,
      deps.market,
    );
    await accounts.setSubscribed(deps.db, member.accountId, true);
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
    newsletterConfirmEmail(
      deps.shopName,
      request.email,
      linkTo(deps.origin, NEWSLETTER_PATH.confirm, confirm),
      linkTo(deps.origin, NEWSLETTER_PATH.leave, leave),
    ),
  );
  return { errorStatus: false, errorText: '' };
}

/** An emailed link to one of the newsletter's pages, in the language spoken when the email is built. */
const linkTo = (origin: string, path: string, token: string) =>
  `${origin}${localizePath(`${path}?${new URLSearchParams({ token })}`, currentLocale())}`;

/** Confirms a subscription from its link; false when the link is not valid. */
export async function confirmSubscription(deps: NewsletterDeps, token: string): Promise<boolean> {
  const claims = await verifyLink(token, 'newsletter-confirm', deps.secret);
  if (!claims) return false;
  await newsletterRepository(deps.db).saveSubscription(
    claims.email,
    'SUBSCRIBED',
    'EMAIL_CONFIRM',
    null,
    null,
    deps.market,
  );
  const accountId = await accounts.accountIdOf(deps.db, claims.email);
  if (accountId !== null) await accounts.setSubscribed(deps.db, accountId, true);
  return true;
}

/** Leaves the list: one click from an email link, or the member's own address. */
export async function unsubscribe(deps: NewsletterDeps, email: string): Promise<void> {
  await newsletterRepository(deps.db).saveSubscription(email, 'UNSUBSCRIBED', 'UNSUBSCRIBE', null, null, deps.market);
  const accountId = await accounts.accountIdOf(deps.db, email);
  if (accountId !== null) await accounts.setSubscribed(deps.db, accountId, false);
}

/** The email an unsubscribe link names; null when the link is not valid. */
export async function unsubscribeEmailOf(token: string, secret: string): Promise<string | null> {
  return (await verifyLink(token, 'newsletter-unsubscribe', secret))?.email ?? null;
}

/** A signed proof that this browser subscribed `email`, kept in an HttpOnly cookie. */
export function visitorProof(secret: string, email: string): Promise<string> {
  return signLink({ purpose: 'newsletter-visitor', email }, secret);
}

/** The visitor's remembered email, only when the shop's own proof for it comes along; else null. */
export async function provenVisitorEmail(
  secret: string,
  email: string | undefined,
  proof: string | undefined,
): Promise<string | null> {
  if (!email || !proof || proof.length > 4096) return null;
  const claims = await verifyLink(proof, 'newsletter-visitor', secret);
  return claims && claims.email.toLowerCase() === email.toLowerCase() ? claims.email : null;
}

/** The subscribe state of the member, or of the visitor's own remembered email. */
export async function subscribeState(
  db: D1Database,
  member: { email: string } | null,
  visitorEmail: string | null,
): Promise<SubscribeState> {
  const email = member?.email ?? visitorEmail;
  if (!email) return 'VISITOR_UNAVAILABLE';
  const subscription = await newsletterRepository(db).subscription(email);
  if (subscription?.status === 'SUBSCRIBED') return 'SUBSCRIBED';
  return member ? 'NOT_SUBSCRIBE_CUSTOMER' : 'NOT_SUBSCRIBE_CUSTOMER_VISITOR';
}
