import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, hydrated } from './browser.ts';
import { emailedToken, registerMember, signIn } from './members.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const ca = theShop().ca;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a member’s account in the browser', () => {
  it('registers, confirms from the emailed link, signs in, adds an address and signs out', async () => {
    const email = `journey-${Date.now()}@example.com`;
    const { context, page, errors } = await openPage(browser, 1440);
    await page.goto(`${us}/createAccount`);
    await hydrated(page);
    await page.fill('[data-form="create-account"] input[name="email"]', email);
    await page.fill('[data-form="create-account"] input[name="password"]', 'fits my truck 2024');
    await page.click('[data-form="create-account"] button[type="submit"]');
    await page.waitForURL(/\/signUpResult\?sent=1/);
    expect(await page.locator('[data-signup-state="waiting"]').textContent()).toContain('Check your inbox');

    await page.goto(`${us}/signUpResult?token=${encodeURIComponent(await emailedToken(us, email))}`);
    await page.locator('[data-signup-state="confirmed"]').waitFor();
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();

    await page.goto(`${us}/myAccount?type=orderHistory`);
    await page.waitForURL(/\/login\?callBackPath=%2FmyAccount/);
    await hydrated(page);
    await page.fill('[data-form="login"] input[name="email"]', email);
    await page.fill('[data-form="login"] input[name="password"]', 'wrong password here');
    await page.click('[data-form="login"] button[type="submit"]');
    expect(await page.locator('[data-form="login"] [role="alert"]').textContent()).toBe(
      'Email or password is incorrect.',
    );
    await page.fill('[data-form="login"] input[name="password"]', 'fits my truck 2024');
    await page.click('[data-form="login"] button[type="submit"]');
    await page.waitForURL(`${us}/myAccount?type=orderHistory`);
    expect(await page.locator('h1').textContent()).toBe('Order history');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(email);

    await page.goto(`${us}/myAccount`);
    await hydrated(page);
    const form = page.locator('[data-form="address"]');
    await form.locator('input[name="firstName"]').fill('Dana');
    await form.locator('input[name="lastName"]').fill('Reyes');
    await form.locator('input[name="phone"]').fill('6145550199');
    await form.locator('input[name="addressLine1"]').fill('1200 Commerce Pkwy');
    await form.locator('input[name="city"]').fill('Columbus');
    await form.locator('select[name="regionCode"]').selectOption('OH');
    await form.locator('input[name="postalCode"]').fill('4321');
    await form.locator('button[type="submit"]').click();
    // At the ZIP code field, without the field's name in front (issue 18).
    expect(await form.locator('[data-field="postalCode"] .field-error').textContent()).toBe(
      'Please enter a valid ZIP code.',
    );
    await form.locator('input[name="postalCode"]').fill('43215');
    await form.locator('button[type="submit"]').click();
    await page.locator('[data-addresses] li', { hasText: 'Columbus, OH 43215' }).waitFor();

    await page.click('button.sign-out');
    await page.waitForURL(`${us}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const response = await page.goto(`${us}/myAccount`);
    expect(response?.url()).toContain('/login?callBackPath=%2FmyAccount');
    expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
    await context.close();
  });

  it('shows Track order and My points for a member, and provinces on the Canadian site', async () => {
    const email = `ca-member-${Date.now()}@example.com`;
    const token = await registerMember(ca, email, 'winter tires 2025');
    const { context, page } = await openPage(browser, 1440);
    await signIn(context, ca, token);
    await page.goto(`${ca}/myAccount`);
    expect(await page.locator('[data-account-email]').textContent()).toBe(email);
    expect(await page.locator('[data-footer="desktop"] a', { hasText: 'Track order' }).getAttribute('href')).toBe(
      '/myAccount?type=orderHistory',
    );
    expect(await page.locator('[data-footer="desktop"] a', { hasText: 'My points' }).getAttribute('href')).toBe(
      '/myAccount?type=member',
    );
    const options = await page.locator('[data-form="address"] select[name="regionCode"] option').allTextContents();
    expect(options).toContain('Ontario');
    expect(options).not.toContain('Ohio');
    expect(await page.locator('[data-form="address"]').textContent()).toContain('Province/Territory');
    await context.close();
  });

  it('hides the mobile footer on /myAccount with a type query', async () => {
    const token = await registerMember(us, `mobile-${Date.now()}@example.com`, 'mobile footer test');
    const { context, page } = await openPage(browser, 375);
    await signIn(context, us, token);
    await page.goto(`${us}/myAccount?type=member`);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    await page.goto(`${us}/myAccount`);
    expect(await page.locator('.site-footer').isVisible()).toBe(true);
    await context.close();
  });
});

describe('the account page at desktop widths', () => {
  it('keeps a long email, the fields and Sign out inside their cards, no card over another', async () => {
    // The longest address the shop takes (55 characters), with nowhere to break a line.
    const email = `averyveryverylongunbrokenaddress${Date.now()}`.slice(0, 43) + '@gmail.com';
    const token = await registerMember(us, email, 'correct horse battery');
    const { context, page } = await openPage(browser, 1280);
    await signIn(context, us, token);
    await page.goto(`${us}/myAccount`);
    await hydrated(page);
    const problems: string[] = [];
    for (const width of [1000, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const cards = [...document.querySelectorAll('.account-panels > .account-form, [data-addresses]')];
        for (const card of cards) {
          const box = card.getBoundingClientRect();
          for (const inner of card.querySelectorAll('input, select, button, strong, h2')) {
            const at = inner.getBoundingClientRect();
            if (at.width > 0 && (at.right > box.right + 0.5 || at.left < box.left - 0.5))
              out.push(`${inner.tagName} sticks out of the ${card.querySelector('h2')?.textContent} card`);
          }
          for (const other of cards) {
            if (other === card) continue;
            const b = other.getBoundingClientRect();
            if (box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom)
              out.push(`the ${card.querySelector('h2')?.textContent} card overlaps another`);
          }
        }
        // Sign out closes the cards: below every card of the panels, at their left edge.
        const signOut = document.querySelector('.sign-out')!.getBoundingClientRect();
        const panels = [...document.querySelectorAll('.account-panels > .account-form')];
        if (panels.some((card) => card.getBoundingClientRect().bottom > signOut.top))
          out.push('Sign out sits beside a card');
        if (Math.abs(signOut.left - panels[0]!.getBoundingClientRect().left) > 0.5)
          out.push('Sign out is not at the cards’ left edge');
        return out;
      });
      problems.push(...found.map((problem) => `${width} px: ${problem}`));
    }
    expect(await page.locator('[data-account-email]').textContent()).toBe(email);
    expect(problems).toEqual([]);
    await context.close();
  });
});
