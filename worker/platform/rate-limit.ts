import { ApiError } from './api-error.ts';
import type { CeilingRule, RateLimiter } from './rate-limiter.ts';

export interface Rule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Attempts allowed per IP and per account for the sign-in flows. Wrong passwords lock an account
 * only for the source that sent them (an IP, or a browser the member signed in from before).
 */
export const RULES = {
  loginPerIp: { limit: 20, windowMs: 10 * MINUTE },
  loginPerAccountAndSource: { limit: 8, windowMs: 10 * MINUTE },
  changeEmailPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  changeEmailPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resendVerifyPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  resendVerifyPerIp: { limit: 10, windowMs: 60 * MINUTE },
  registerPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  newsletterPerIp: { limit: 10, windowMs: 10 * MINUTE },
} satisfies Record<string, Rule>;

/**
 * One account's ceiling over every source it does not know (issue 35): 10 attempts a day, then each
 * further one waits a minute, two, four ... up to an hour. An attacker spread over many IPs gets
 * about 40 guesses a day; the owner's own browsers are not counted.
 */
export const SIGN_IN_CEILING: CeilingRule = {
  limit: 10,
  windowMs: 24 * 60 * MINUTE,
  firstDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
};

/** The 429 error with the minutes to wait, and the seconds in its details. */
export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(
    429,
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds },
  );
}

/** Counts an attempt under each key; throws the 429 error when any of them is over its limit. */
export async function enforce(
  namespace: DurableObjectNamespace<RateLimiter>,
  checks: { key: string; rule: Rule }[],
): Promise<void> {
  const results = await Promise.all(
    checks.map(({ key, rule }) => namespace.get(namespace.idFromName(key)).consume(rule.limit, rule.windowMs)),
  );
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length > 0) throw tooManyAttempts(Math.max(...blocked.map((result) => result.retryAfterSeconds)));
}

/** Forgets the attempts counted under a key (a sign-in that succeeded). */
export async function forgive(namespace: DurableObjectNamespace<RateLimiter>, key: string): Promise<void> {
  await namespace.get(namespace.idFromName(key)).reset();
}

const stubOf = (namespace: DurableObjectNamespace<RateLimiter>, key: string) =>
  namespace.get(namespace.idFromName(key));

/**
 * Counts a sign-in attempt against an account's ceiling (in its object, before the password is
 * checked); throws the 429 error while the delay runs. Says whether it was counted, and whether it
 * was the one that reached the limit (the owner is told then, once).
 */
export async function attemptWithin(
  namespace: DurableObjectNamespace<RateLimiter>,
  key: string,
  rule: CeilingRule,
  device: string | null,
): Promise<{ counted: boolean; tripped: boolean }> {
  const answer = await stubOf(namespace, key).attempt(rule, device);
  if (!answer.allowed) throw tooManyAttempts(answer.retryAfterSeconds);
  return { counted: answer.counted, tripped: answer.tripped };
}

/** A sign-in under the ceiling succeeded: its count clears if it was counted, and the browser is trusted. */
export async function signedInWithin(
  namespace: DurableObjectNamespace<RateLimiter>,
  key: string,
  device: string | null,
  counted: boolean,
): Promise<void> {
  await stubOf(namespace, key).signedIn(device, counted);
}
