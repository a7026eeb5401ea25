import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_NAME } from '../../shared/browser-keys.ts';
import { launchBrowser, openPage } from './browser.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('browser behaviour of the shell', () => {
  it('closes the payment provider window when it returns to the shop and tells the opener', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(us);
    await page.evaluate(() => {
      addEventListener('message', (event) => {
        (window as unknown as { paymentReturn: unknown }).paymentReturn = event.data;
      });
    });
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate(
      ([url, name]) => {
        window.open(url, name);
      },
      [`${us}/checkout/orderResult?orderId=42`, PAYMENT_WINDOW_NAME] as const,
    );
    const popup = await popupPromise;
    await popup.waitForEvent('close', { timeout: 15_000 });
    await page.waitForFunction(() => (window as unknown as { paymentReturn?: unknown }).paymentReturn !== undefined);
    expect(await page.evaluate(() => (window as unknown as { paymentReturn: unknown }).paymentReturn)).toEqual({
      type: 'payment-return',
      search: '?orderId=42',
    });
    await context.close();
  });

  it('keeps an ordinary popup of the shop open', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(us);
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate((url) => {
      window.open(url, 'help');
    }, `${us}/help`);
    const popup = await popupPromise;
    await popup.waitForLoadState('networkidle');
    expect(popup.isClosed()).toBe(false);
    await context.close();
  });

  it('drops the local cart when the referral reset happens', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(us);
    await page.evaluate(() => {
      localStorage.setItem('cart', '{"items":[1]}');
      localStorage.setItem('cartId', '42');
    });
    await context.addCookies([{ name: 'isReffer', value: '1', url: us }]);
    await page.goto(`${us}/about`);
    // The page script clears the stored cart once it runs; on a busy machine that is after load.
    await page
      .waitForFunction(() => localStorage.getItem('cart') === null, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    expect(await page.evaluate(() => [localStorage.getItem('cart'), localStorage.getItem('cartId')])).toEqual([
      null,
      null,
    ]);
    expect((await context.cookies(us)).find((cookie) => cookie.name === 'isReffer')).toBeUndefined();
    await context.close();
  });

  it('does not invite to subscribe while the shop setting has the modal off', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.goto(us);
    await page.waitForTimeout(2000);
    expect(await page.locator('[role="dialog"]').count()).toBe(0);
    await context.close();
  });
});
