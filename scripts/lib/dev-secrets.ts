// The secrets a local shop runs with. Production sets its own with `wrangler secret put` (README,
// Deploy); none is committed. `npm start` keeps random ones in .dev.vars, which wrangler dev reads.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

/** The secrets wrangler.toml requires (`[secrets] required`). */
export const REQUIRED_SECRETS = ['AUTH_SECRET', 'PASSWORD_PEPPER', 'PAYMENT_WEBHOOK_SECRET'] as const;

/** Fixed values for the tests and the benches' throwaway shops: never used by a deployed shop. */
export const TEST_SECRETS: Record<(typeof REQUIRED_SECRETS)[number], string> = {
  AUTH_SECRET: 'test-only-auth-secret-never-deployed-0000000000000001',
  PASSWORD_PEPPER: 'test-only-password-pepper-never-deployed-00000000001',
  PAYMENT_WEBHOOK_SECRET: 'test-only-webhook-secret-never-deployed-000000000001',
};

/**
 * Makes sure .dev.vars holds every required secret, adding a random one for each that is missing and
 * keeping the ones there (a changed pepper or token secret would sign everybody out of the local shop).
 */
export async function ensureDevVars(file = '.dev.vars'): Promise<string[]> {
  const text = existsSync(file) ? await readFile(file, 'utf8') : '';
  const present = new Set([...text.matchAll(/^\s*([A-Z_][A-Z0-9_]*)\s*=/gm)].map((match) => match[1]));
  const added = REQUIRED_SECRETS.filter((name) => !present.has(name));
  if (added.length === 0) return [];
  const lines = added.map((name) => `${name}=${randomBytes(32).toString('hex')}`);
  const prefix = text === '' ? '# Local secrets for `wrangler dev -e dev`, written by npm start. Never commit.\n' : '';
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  await writeFile(file, `${text}${separator}${prefix}${lines.join('\n')}\n`);
  return added;
}
