// Adds a staff member to the back office and prints their first password and TOTP secret once.
//   npm run staff:add -- --email ana@example.com --name "Ana Ruiz" --role fulfilment
//   npm run staff:add -- --email ... --name ... --role ... --remote -e production   (PASSWORD_PEPPER set)
import { parseArgs } from 'node:util';
import { STAFF_ROLES, isStaffRole } from '../shared/staff-permissions.ts';
import { EMAIL_PATTERN } from '../shared/validation.ts';
import { parseTarget, TARGET_OPTIONS, TARGET_USAGE, targetName } from './lib/d1-target.ts';
import { DEFAULT_STATE_DIR } from './lib/wrangler.ts';
import { writeStaff } from './staff-lib.ts';

const USAGE = `usage: npm run staff:add -- --email EMAIL --name NAME --role ${STAFF_ROLES.join('|')} ${TARGET_USAGE}`;

try {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, ...TARGET_OPTIONS },
  });
  const email = values.email?.trim().toLowerCase() ?? '';
  const name = values.name?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) throw new Error(`--email must be an email address\n${USAGE}`);
  if (!name || name.length > 80) throw new Error(`--name is required (up to 80 characters)\n${USAGE}`);
  if (!isStaffRole(values.role)) throw new Error(`--role must be one of ${STAFF_ROLES.join(', ')}\n${USAGE}`);
  const target = parseTarget(values, DEFAULT_STATE_DIR);
  const added = await writeStaff(target, { email, name, role: values.role });
  console.log(`Added ${email} (${values.role}) to ${targetName(target)}. Shown once:`);
  console.log(`  password:             ${added.password}`);
  console.log(`  authenticator secret: ${added.totpSecret}`);
  console.log(`  setup URL:            ${added.otpauthUrl}`);
} catch (error) {
  console.error(`staff:add: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
