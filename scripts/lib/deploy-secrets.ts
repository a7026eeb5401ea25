// The secrets a deployed shop needs (wrangler.toml's [secrets] required of staging and production),
// what each is for, and the optional ones that switch more on. The deploy dry run lists which are
// missing from the secrets file it is given; wrangler itself refuses a deploy whose Worker lacks one.
import { REQUIRED_SECRETS } from './dev-secrets.ts';

/** The payment providers' secrets: without them a deployed shop could take no money (docs/payments.md). */
export const PROVIDER_SECRETS = [
  'CARD_PROVIDER_SECRET_KEY',
  'CARD_PROVIDER_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_SECRET',
] as const;

/** What staging and production require, in wrangler.toml's order. */
export const DEPLOY_SECRETS = [...REQUIRED_SECRETS, ...PROVIDER_SECRETS] as const;

/** Why each secret is there, as the dry run prints it. */
export const SECRET_PURPOSE: Record<string, string> = {
  AUTH_SECRET: 'signs sign-in tokens and links',
  PASSWORD_PEPPER: 'peppers password hashes',
  PAYMENT_WEBHOOK_SECRET: 'signs the hosted card gateway and the sandbox webhooks',
  CARD_PROVIDER_SECRET_KEY: 'Stripe: CARD, HOSTED_CARD, GOOGLE_PAY, APPLE_PAY, BNPL',
  CARD_PROVIDER_WEBHOOK_SECRET: 'Stripe: verifies its webhooks (captures, refunds, disputes, payouts)',
  PAYPAL_CLIENT_SECRET: 'PayPal: PAYPAL and PAY_LATER (with PAYPAL_CLIENT_ID and PAYPAL_WEBHOOK_ID)',
  PAYPAL_CLIENT_ID: 'PayPal: the REST app (needed with PAYPAL_CLIENT_SECRET)',
  PAYPAL_WEBHOOK_ID: 'PayPal: verifies its webhooks (needed with PAYPAL_CLIENT_SECRET)',
  APPLE_PAY_DOMAIN_ASSOCIATION: "Apple Pay is offered only with Apple's domain file",
  EMAIL_FROM: 'the sender of the shop’s emails (with the EMAIL binding)',
};

/** Optional secrets worth a line in the dry run: each switches something on. */
export const OPTIONAL_SECRETS = ['PAYPAL_CLIENT_ID', 'PAYPAL_WEBHOOK_ID', 'APPLE_PAY_DOMAIN_ASSOCIATION', 'EMAIL_FROM'];

/** The names a NAME=value secrets file sets (comments and blank lines skipped; an empty value sets nothing). */
export function namesIn(fileText: string): Set<string> {
  const names = new Set<string>();
  for (const line of fileText.split(/\r?\n/)) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(\S.*)?$/.exec(line);
    if (match?.[2]) names.add(match[1]!);
  }
  return names;
}

/**
 * The dry run's account of the secrets: each required one and what it is for, with those missing from
 * the file named (without a file, wrangler checks the deployed Worker at deploy), then the optional ones.
 */
export function secretsReport(
  required: readonly string[],
  fileText: string | null,
): { lines: string[]; missing: string[] } {
  const given = fileText === null ? null : namesIn(fileText);
  const missing = given === null ? [] : required.filter((name) => !given.has(name));
  const lines = [
    given === null
      ? `secrets required (wrangler refuses the deploy until each is set on the Worker):`
      : `secrets required: ${missing.length === 0 ? 'all in the file' : `${missing.length} missing from the file`}`,
    ...required.map(
      (name) => `  ${missing.includes(name) ? 'MISSING ' : ''}${name}: ${SECRET_PURPOSE[name] ?? 'required'}`,
    ),
    'optional:',
    ...OPTIONAL_SECRETS.map(
      (name) => `  ${given && !given.has(name) ? 'not set ' : ''}${name}: ${SECRET_PURPOSE[name] ?? ''}`,
    ),
  ];
  return { lines, missing };
}
