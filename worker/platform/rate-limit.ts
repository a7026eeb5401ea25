import { ApiError } from './api-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface Rule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Attempts allowed per IP and per account for the sign-in flows. */
export const RULES = {
  loginPerIp: { limit: 20, windowMs: 10 * MINUTE },
  loginPerAccount: { limit: 8, windowMs: 10 * MINUTE },
  registerPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  newsletterPerIp: { limit: 10, windowMs: 10 * MINUTE },
} satisfies Record<string, Rule>;

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
