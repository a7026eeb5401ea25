/**
 * How many sign-ins an account takes (issue 35): per IP, per account and source (an IP, or a browser
 * signed in from before), and one ceiling per account over every source it does not know, counted in
 * the account's Durable Object before the password is checked, with a growing delay once reached and
 * an email to the owner when it is.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { clientIp } from '../platform/client-ip.ts';
import { attemptWithin, enforce, forgive, RULES, SIGN_IN_CEILING, signedInWithin } from '../platform/rate-limit.ts';
import { emails } from './email-templates.ts';
import { withLocale } from '../platform/i18n.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { accountRepository } from './repository.ts';
import { knownDevice } from './route-support.ts';
import { ACCOUNT_MSG, type AccountDeps } from './service.ts';

/** What a sign-in attempt was counted under, for what follows it. */
export interface CountedAttempt {
  email: string;
  /** The account-and-source counter, forgiven when the password is right. */
  perSource: string;
  device: string | null;
  counted: boolean;
  tripped: boolean;
}

const ceilingKey = (email: string) => `login:ceiling:${email}`;

/** Counts a password sign-in before it is checked; throws the 429 error when any limit is reached. */
export async function countSignIn(c: Context<AppEnv>, email: string): Promise<CountedAttempt> {
  const device = await knownDevice(c);
  const perSource = `login:account:${email}:${device ? `device:${device}` : `ip:${clientIp(c)}`}`;
  await enforce(c.env.RATE_LIMITER, [
    { key: `login:ip:${clientIp(c)}`, rule: RULES.loginPerIp },
    { key: perSource, rule: RULES.loginPerAccountAndSource },
  ]);
  const { counted, tripped } = await attemptWithin(c.env.RATE_LIMITER, ceilingKey(email), SIGN_IN_CEILING, device);
  return { email, perSource, device, counted, tripped };
}

/** The password was right: this source's wrong ones are forgiven and the browser (now remembered) is trusted. */
export async function signInCounted(c: Context<AppEnv>, attempt: CountedAttempt, device: string | null) {
  await Promise.all([
    forgive(c.env.RATE_LIMITER, attempt.perSource),
    signedInWithin(c.env.RATE_LIMITER, ceilingKey(attempt.email), device, attempt.counted),
  ]);
}

/**
 * A sign-in failed: when it was the attempt that reached the account's ceiling with a wrong password,
 * the owner is told (once per run of attempts), with what to do if it was not them.
 */
export async function signInFailed(deps: AccountDeps, attempt: CountedAttempt, error: unknown): Promise<void> {
  if (!attempt.tripped || !(error instanceof ApiError) || error.message !== ACCOUNT_MSG.badCredentials) return;
  const account = await accountRepository(deps.db).byEmail(attempt.email);
  if (!account) return;
  // In the member's own language, not the one of whoever is trying their password.
  const locale = account.market === 'ca' ? (account.locale ?? 'en') : 'en';
  const message = withLocale(locale, () => {
    const resetUrl = `${deps.origin}${localizePath('/retrievePassword', locale)}`;
    return emails.signInAttempts(deps.shopName, account.email, SIGN_IN_CEILING.limit, resetUrl);
  });
  await deps.mailer.send(message);
}

/**
 * A signed-in member's current password, asked again to change the password or the email: each try
 * counts toward the account's ceiling before it is checked, from any browser (a session in the wrong
 * hands must not guess without end), and a right one clears the count as a sign-in does.
 */
export async function withCurrentPassword<T>(c: Context<AppEnv>, check: () => Promise<T>): Promise<T> {
  const key = ceilingKey(c.var.member!.email);
  const { counted } = await attemptWithin(c.env.RATE_LIMITER, key, SIGN_IN_CEILING, null);
  const result = await check();
  await signedInWithin(c.env.RATE_LIMITER, key, null, counted);
  return result;
}
