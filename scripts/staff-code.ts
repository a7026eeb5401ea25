// Prints a staff member's current authenticator code (local development: no phone needed).
//   npm run staff:code -- owner@shop.localhost
import { parseArgs } from 'node:util';
import { parseTarget, TARGET_OPTIONS, TARGET_USAGE, targetName } from './lib/d1-target.ts';
import { DEFAULT_STATE_DIR } from './lib/wrangler.ts';
import { currentCode, staffSecret } from './staff-lib.ts';

try {
  const { values, positionals } = parseArgs({ options: { ...TARGET_OPTIONS }, allowPositionals: true });
  const email = positionals[0];
  if (!email) throw new Error(`usage: npm run staff:code -- EMAIL ${TARGET_USAGE}`);
  const target = parseTarget(values, DEFAULT_STATE_DIR);
  const secret = await staffSecret(target, email);
  if (!secret) throw new Error(`no staff member ${email} with an authenticator secret in ${targetName(target)}`);
  const { code, secondsLeft } = await currentCode(secret);
  console.log(`${code}  (good for ${secondsLeft} more seconds, and the 30 after)`);
} catch (error) {
  console.error(`staff:code: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
