import type { Bindings } from '../env.ts';

/** What the shop cannot run without: the secrets of wrangler.toml's `[secrets] required` and the origins. */
export const REQUIRED_CONFIG = [
  'AUTH_SECRET',
  'PASSWORD_PEPPER',
  'PAYMENT_WEBHOOK_SECRET',
  'US_ORIGIN',
  'CA_ORIGIN',
] as const satisfies readonly (keyof Bindings)[];

/** The required settings this deployment lacks (empty or missing), by name; none when it can serve. */
export function missingConfig(env: Partial<Bindings>): string[] {
  return REQUIRED_CONFIG.filter((name) => {
    const value = env[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}
