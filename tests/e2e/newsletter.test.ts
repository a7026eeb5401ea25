import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, hydrated } from './browser.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const SUBSCRIBE = '**/account/public/buyer/subscribe';
const INVALID = 'Please enter a valid email address';
const TOO_LONG = 'Only can enter up to 55 characters';
const SUCCESS = 'Subscription successful';
const FAILED = 'Failed to subscription, Please try again later';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A unique address per run, so a repeat run is not answered as already subscribed. */
const freshEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

interface FormPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  form: ReturnType<Page['locator']>;
}

/** The home page at this width, hydrated, with the visible footer form. */
async function openForm(width: number, footer: 'desktop' | 'mobile'): Promise<FormPage> {
  const { context, page, errors } = await openPage(browser, width);
  await page.goto(us);
  // Typing before the island hydrates would go to the static HTML.
  await hydrated(page);
  const form = page.locator(`[data-footer="${footer}"] form[data-newsletter-form="footer"]`);
  return { context, page, errors, form };
}

const errorText = (form: FormPage['form']) => form.locator('[role="alert"]').textContent();
const successText = (form: FormPage['form']) => form.locator('[role="status"]').textContent();

/** An envelope the API would answer with. */
const envelope = (data: unknown) => JSON.stringify({ success: true, httpCode: 200, data, msg: 'success', code: 200 });

for (const [width, footer] of [
  [1440, 'desktop'],
  [375, 'mobile'],
] as const) {
  describe(`newsletter form, ${footer} footer at ${width}`, () => {
    it('links the error text to the input and shows the invalid-email message', async () => {
      const { context, form, errors } = await openForm(width, footer);
      const input = form.locator('input[name="email"]');
      const errorId = await form.locator('[role="alert"]').getAttribute('id');
      expect(await input.getAttribute('aria-describedby')).toBe(errorId);
      expect(await input.getAttribute('maxlength')).toBe(footer === 'desktop' ? '128' : null);
      await input.fill('not-an-email');
      if (footer === 'desktop') {
        await expect.poll(() => errorText(form)).toBe(INVALID);
      } else {
        // Mobile validates on submit only.
        expect(await errorText(form)).toBe('');
        await form.locator('button[type="submit"]').click();
        await expect.poll(() => errorText(form)).toBe(INVALID);
      }
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      await input.fill('');
      await expect.poll(() => errorText(form)).toBe('');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('says an address of 56 characters is too long', async () => {
      const { context, form, errors } = await openForm(width, footer);
      await form.locator('input[name="email"]').fill(`${'a'.repeat(44)}@example.com`);
      if (footer === 'mobile') await form.locator('button[type="submit"]').click();
      await expect.poll(() => errorText(form)).toBe(TOO_LONG);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('subscribes a valid address, clears the input and says so', async () => {
      const { context, page, form, errors } = await openForm(width, footer);
      const input = form.locator('input[name="email"]');
      await input.fill(freshEmail(footer));
      const request = page.waitForRequest(
        (r) => r.url().endsWith('/account/public/buyer/subscribe') && r.method() === 'POST',
      );
      await form.locator('button[type="submit"]').click();
      expect((await request).postDataJSON()).toMatchObject({
        type: 'SUBSCRIBE',
        source: 'DASHBOARD',
        position: 'footer',
      });
      await expect.poll(() => successText(form)).toBe(SUCCESS);
      expect(await input.inputValue()).toBe('');
      await page.locator('.notice', { hasText: SUCCESS }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(errors).toEqual([]);
      await context.close();
    });

    it("shows the server's refusal", async () => {
      const { context, page, form, errors } = await openForm(width, footer);
      await page.route(SUBSCRIBE, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: envelope({ errorStatus: true, errorText: 'This address cannot subscribe' }),
        }),
      );
      await form.locator('input[name="email"]').fill(freshEmail('refused'));
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => errorText(form)).toBe('This address cannot subscribe');
      expect(await successText(form)).toBe('');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('shows the fallback message on a network failure', async () => {
      const { context, page, form, errors } = await openForm(width, footer);
      await page.route(SUBSCRIBE, (route) => route.abort());
      const email = freshEmail('offline');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => errorText(form)).toBe(FAILED);
      expect(await form.locator('input[name="email"]').inputValue()).toBe(email);
      // The aborted request itself is logged by the browser; nothing else may be.
      expect(errors.filter((text) => !/net::ERR_FAILED/.test(text))).toEqual([]);
      await context.close();
    });

    it('sends one request when Subscribe is double-clicked', async () => {
      const { context, page, form, errors } = await openForm(width, footer);
      let requests = 0;
      // The answer waits until the test has seen the button busy: on a slow machine a timed pause could end first.
      let answer = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route(SUBSCRIBE, async (route: Route) => {
        requests += 1;
        await answered;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: envelope({ errorStatus: false, errorText: '' }),
        });
      });
      await form.locator('input[name="email"]').fill(freshEmail('double'));
      const button = form.locator('button[type="submit"]');
      await button.dblclick();
      await expect.poll(() => button.textContent()).toBe('Subscribing…');
      expect(await button.isDisabled()).toBe(true);
      answer();
      await expect.poll(() => successText(form), { timeout: 10_000 }).toBe(SUCCESS);
      expect(await button.textContent()).toBe('Subscribe');
      expect(requests).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
