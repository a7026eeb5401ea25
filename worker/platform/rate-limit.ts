import { ApiError } from './api-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

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
