import { ApiError } from '../platform/api-error.ts';
import { claimGuestOrders } from '../orders/service.ts';
import { accountRepository } from './repository.ts';
import type { AccountRecord } from './records.ts';
import { type Locale, localizePath } from '../../shared/i18n/locale.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { log } from '../platform/log.ts';
import type { EmailSender } from '../platform/email.ts';
import { emails } from './email-templates.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import {
  signLink,
  signSession,
  verifyLink,
  verifySession,
  type LinkPurpose,
  type SessionClaims,
} from '../platform/tokens.ts';

export { customerAccount } from './customers.ts';
export { myAccount } from './profile.ts';

/** What the account flows need from the outside world. */
export interface AccountDeps {
  db: D1Database;
  secret: string;
  pepper: string;
  mailer: EmailSender;
  shopName: string;
  /** The origin links in emails point to: the market's configured origin, never the request's Host. */
  origin: string;
}

export const ACCOUNT_MSG = {
  badCredentials: 'Email or password is incorrect.',
  confirmFirst: 'Please confirm your email address first. We have sent you a new link.',
  registered: 'Check your inbox: we sent a link to finish creating your account.',
  resetSent: 'If an account exists for this email, we have sent a link to reset the password.',
  linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  linkUsed: 'This link has already been used. Please ask for a new one.',
  wrongPassword: 'Your current password is incorrect.',
  emailUnavailable: 'This email address cannot be used for your account.',
  changeEmailSent: 'We sent a link to your new email address. Open it to finish the change.',
  verifySent: 'We sent a new confirmation link to your email address.',
  blocked: 'This account has been blocked. Please contact customer service.',
  emailRestored:
    'Your email address is restored and every device is signed out. Check your inbox for a link to ' +
    'choose a new password.',
} as const;

export interface Session {
  accountToken: string;
  expiresIn: number;
  accountId: number;
  email: string;
  /** The language saved in the member's profile (issue 37): the browser's at sign-in; not part of the answer. */
  locale?: Locale | null;
}

/** Every sign-in ends here: a blocked account gets no session (403), whichever way it signed in. */
const refuseBlocked = (account: AccountRecord) => {
  if (account.blockedAt !== null) throw new ApiError(403, 403, ACCOUNT_MSG.blocked);
};

/** Signs a session for an account; a verified email brings the guest orders placed with it into the account. */
export async function sessionFor(deps: AccountDeps, account: AccountRecord): Promise<Session> {
  refuseBlocked(account);
  if (account.emailVerified === 1) await claimGuestOrders(deps.db, account.id, account.email);
  const { token, expiresIn } = await signSession(
    { accountId: account.id, tokenVersion: account.tokenVersion },
    deps.secret,
  );
  return { accountToken: token, expiresIn, accountId: account.id, email: account.email, locale: account.locale };
}

/** An emailed link: a page of the market's own origin with the link's token. */
/** An emailed link with its token, to the page in the language being spoken (`/fr/...` on a French page's ask). */
export const linkUrl = (deps: AccountDeps, path: string, token: string) =>
  `${deps.origin}${localizePath(path, currentLocale())}?token=${encodeURIComponent(token)}`;

async function sendVerification(deps: AccountDeps, account: AccountRecord): Promise<void> {
  const token = await signLink({ purpose: 'verify-email', email: account.email, accountId: account.id }, deps.secret);
  await deps.mailer.send(emails.verify(deps.shopName, account.email, linkUrl(deps, '/signUpResult', token)));
}

/** Checks a link's signature, expiry and purpose, and uses it up (single use). */
async function useLink(deps: AccountDeps, token: string, purpose: LinkPurpose) {
  const claims = await verifyLink(token, purpose, deps.secret);
  if (!claims) throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  if (!(await accountRepository(deps.db).useLink(claims.id, purpose))) throw ApiError.badRequest(ACCOUNT_MSG.linkUsed);
  return claims;
}

/**
 * Registers an account. The answer is the same whether or not the email is taken (no account
 * enumeration): a new address gets a confirmation link, a known one a note to reset instead.
 */
export async function register(
  deps: AccountDeps,
  input: { email: string; password: string | null; market: string; clientType: string },
): Promise<string> {
  const repo = accountRepository(deps.db);
  const passwordHash = input.password ? await hashPassword(input.password, deps.pepper) : null;
  const id = await repo.create({
    email: input.email,
    passwordHash,
    clientType: input.clientType,
    market: input.market,
    emailVerified: false,
  });
  if (id === null) {
    await deps.mailer.send(
      emails.accountExists(
        deps.shopName,
        input.email,
        `${deps.origin}${localizePath('/retrievePassword', currentLocale())}`,
      ),
    );
    return ACCOUNT_MSG.registered;
  }
  await sendVerification(deps, (await repo.byId(id))!);
  return ACCOUNT_MSG.registered;
}

/** Signs in with email and password; the same message for an unknown email and a wrong password. */
export async function login(deps: AccountDeps, email: string, password: string): Promise<Session> {
  const account = await accountRepository(deps.db).byEmail(email);
  const matches = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH, deps.pepper);
  if (!account || !account.passwordHash || !matches) throw ApiError.badRequest(ACCOUNT_MSG.badCredentials);
  refuseBlocked(account);
  if (account.emailVerified !== 1) {
    await sendVerification(deps, account);
    throw new ApiError(403, 403, ACCOUNT_MSG.confirmFirst);
  }
  return sessionFor(deps, account);
}

/** Confirms an email from its link and signs the member in. */
export async function confirmEmail(deps: AccountDeps, token: string): Promise<Session> {
  const claims = await useLink(deps, token, 'verify-email');
  const repo = accountRepository(deps.db);
  const account = claims.accountId ? await repo.byId(claims.accountId) : null;
  if (!account || account.email.toLowerCase() !== claims.email.toLowerCase())
    throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  await repo.markEmailVerified(account.id);
  return sessionFor(deps, { ...account, emailVerified: 1 });
}

/** Sends a new confirmation link to the member's own email. */
export async function resendVerification(deps: AccountDeps, accountId: number): Promise<string> {
  const account = await accountRepository(deps.db).byId(accountId);
  if (account) await sendVerification(deps, account);
  return ACCOUNT_MSG.verifySent;
}

/**
 * Staff resend the confirmation link of an account that has not confirmed its email (links use
 * deps.origin, the member's market's configured origin); 'confirmed' when there is nothing to confirm.
 */
export async function resendConfirmationFor(
  deps: AccountDeps,
  accountId: number,
): Promise<'sent' | 'confirmed' | 'missing'> {
  const account = await accountRepository(deps.db).byId(accountId);
  if (!account) return 'missing';
  if (account.emailVerified === 1) return 'confirmed';
  await sendVerification(deps, account);
  return 'sent';
}

/** Starts a password reset; the same answer whether or not the email has an account. */
export async function startPasswordReset(deps: AccountDeps, email: string): Promise<string> {
  const account = await accountRepository(deps.db).byEmail(email);
  if (account) {
    const token = await signLink(
      { purpose: 'reset-password', email: account.email, accountId: account.id, tokenVersion: account.tokenVersion },
      deps.secret,
    );
    await deps.mailer.send(emails.reset(deps.shopName, account.email, linkUrl(deps, '/retrievePassword', token)));
  }
  return ACCOUNT_MSG.resetSent;
}

/** Sets a new password from a reset link; every earlier token stops working. */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<Session> {
  const claims = await useLink(deps, token, 'reset-password');
  const repo = accountRepository(deps.db);
  const account = claims.accountId ? await repo.byId(claims.accountId) : null;
  if (!account || account.tokenVersion !== claims.tokenVersion) throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  await repo.setPassword(account.id, await hashPassword(password, deps.pepper));
  return sessionFor(deps, (await repo.byId(account.id))!);
}

/** Changes the password of a signed-in member; other sessions are signed out. */
export async function changePassword(
  deps: AccountDeps,
  accountId: number,
  current: string | null,
  next: string,
): Promise<Session> {
  const repo = accountRepository(deps.db);
  const account = (await repo.byId(accountId))!;
  if (account.passwordHash && !(current && (await verifyPassword(current, account.passwordHash, deps.pepper)))) {
    throw ApiError.badRequest(ACCOUNT_MSG.wrongPassword);
  }
  await repo.setPassword(accountId, await hashPassword(next, deps.pepper));
  return sessionFor(deps, (await repo.byId(accountId))!);
}

/** The member a session token names, while the token is still current (not revoked by a password change). */
export async function signedInMember(
  db: D1Database,
  claims: SessionClaims,
): Promise<{ accountId: number; email: string; tokenVersion: number; locale: Locale | null } | null> {
  const repo = accountRepository(db);
  const account = claims.id
    ? await repo.sessionAccount(claims.accountId, claims.id)
    : await repo.byId(claims.accountId);
  if (!account || account.tokenVersion !== claims.tokenVersion || account.blockedAt !== null) return null;
  if ('revoked' in account && account.revoked === 1) return null;
  return { accountId: account.id, email: account.email, tokenVersion: account.tokenVersion, locale: account.locale };
}

/**
 * Keeps in the member's profile the language they opened a page of the Canadian shop in (issue 37): emails
 * not tied to an order speak it. Never throws: a page is served whether or not it was kept.
 */
export async function rememberLanguage(db: D1Database, accountId: number, locale: Locale): Promise<void> {
  try {
    await accountRepository(db).rememberLocale(accountId, locale);
  } catch (error) {
    log.error('member language not kept', error, { accountId });
  }
}

/**
 * Signs out the session a token names: the token stops working at once. A token without an id
 * (issued before ids) can only be revoked with every other token of the account.
 */
export async function signOut(db: D1Database, secret: string, token: string | null): Promise<void> {
  const claims = token ? await verifySession(token, secret) : null;
  if (!claims || !(await signedInMember(db, claims))) return;
  const repo = accountRepository(db);
  if (claims.id && claims.expiresAt) await repo.revokeSession(claims.id, claims.accountId, claims.expiresAt);
  else await repo.bumpTokenVersion(claims.accountId);
}

/** Whether the account has confirmed its email address. */
export async function emailConfirmed(db: D1Database, accountId: number): Promise<boolean> {
  return (await accountRepository(db).byId(accountId))?.emailVerified === 1;
}

/** The id of the account with this email, or null when there is none. */
export async function accountIdOf(db: D1Database, email: string): Promise<number | null> {
  return (await accountRepository(db).byEmail(email))?.id ?? null;
}

/** Marks the account as on the newsletter or off it. */
export async function setSubscribed(db: D1Database, accountId: number, subscribed: boolean): Promise<void> {
  await accountRepository(db).setSubscribed(accountId, subscribed);
}

/** Whether the member's account has used its first-order discount (§3 useFirstDiscount). */
export async function firstDiscountUsed(db: D1Database, accountId: number): Promise<boolean> {
  return (await accountRepository(db).byId(accountId))?.useFirstDiscount === 1;
}
