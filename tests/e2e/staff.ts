import type { Page } from 'playwright-core';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { theShop } from './shop.ts';

/** Staff members added by this file so far: each sign-in gets an address of its own. */
let added = 0;

/**
 * A new staff member of the role, added to the served shop's state as `npm run staff:add` adds one, signed in on the
 * console's own form (password and authenticator code) on `page`, which ends on the console's home.
 */
export async function signInNewStaff(page: Page, role: 'owner' | 'merchandiser' | 'support', name: string) {
  process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
  const staff = await writeStaff(
    { stateDir: theShop().stateDir },
    { email: `${role}-${Date.now().toString(36)}-${added++}@staff.test`, name, role },
  );
  await page.goto(`${theShop().us}/admin/sign-in`);
  await page.fill('input[name="email"]', staff.email);
  await page.fill('input[name="password"]', staff.password);
  await page.fill('input[name="code"]', await totpCode(staff.totpSecret));
  await page.click('form[action="/admin/sign-in"] button[type="submit"]');
  await page.waitForURL(/\/admin$/);
}
