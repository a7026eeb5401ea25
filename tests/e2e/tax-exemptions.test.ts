import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';
import { signInNewStaff } from './staff.ts';

/**
 * Exempt buyers in the browser (issue 39 item 3): a member sends a photo of their resale
 * certificate from the account area's plain form (no script needed), staff open it in the back
 * office and approve it for a state until its expiry; the member's order is charged no tax there
 * and its invoice names the certificate. With E2E_SHOTS=1, screenshots of the pages at 390 and
 * 1280 px go to /tmp/shots-exempt for review.
 */

const us = theShop().us;
const SHOTS = '/tmp/shots-exempt';
const NUMBER = `OH-${Date.now().toString(36).toUpperCase()}`;
let browser: Browser;
let token = '';
/** A photo of a certificate, drawn by the browser as a phone would save it (PNG). */
let photo = Buffer.alloc(0);

beforeAll(async () => {
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  token = await registerMember(us, `fleet-${Date.now()}@example.com`, 'correct horse battery');
  const { page, context } = await openPage(browser, 390);
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 420;
    const paint = canvas.getContext('2d')!;
    paint.fillStyle = '#fdfcf7';
    paint.fillRect(0, 0, 640, 420);
    paint.strokeStyle = '#1d2330';
    paint.strokeRect(16, 16, 608, 388);
    paint.fillStyle = '#1d2330';
    paint.font = 'bold 28px sans-serif';
    paint.fillText('Ohio Sales and Use Tax', 40, 70);
    paint.fillText('Blanket Exemption Certificate', 40, 110);
    paint.font = '18px sans-serif';
    for (const [at, line] of ['Purchaser: Buckeye Fleet Repair LLC', 'Reason: resale of parts', 'Signed: J. Doe'].map(
      (text, index) => [160 + index * 40, text] as const,
    ))
      paint.fillText(line, 40, at);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  photo = Buffer.from(base64, 'base64');
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** The member's page at a width, signed in. */
async function memberPage(width: number): Promise<Page> {
  const { page, context } = await openPage(browser, width);
  await signIn(context, us, token);
  await page.goto(`${us}/myAccount/taxExemption`);
  return page;
}

describe('exempt buyers', () => {
  it('a member refused for a file that is no certificate reads why, then sends a photo of one', async () => {
    const page = await memberPage(390);
    await page.check('input[name="kind"][value="RESALE"]');
    await page.fill('input[name="number"]', NUMBER);
    await page.check('input[name="regions"][value="US-OH"]');
    await page.setInputFiles('input[name="certificate"]', {
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>not a certificate</html>'),
    });
    await page.click('form[aria-label="Send a certificate"] button[type="submit"]');
    await expect.poll(() => page.locator('#file-error').textContent()).toContain('PDF, JPEG or PNG');
    // What was typed stays; only the file is asked for again.
    expect(await page.inputValue('input[name="number"]')).toBe(NUMBER);
    expect(await page.isChecked('input[name="regions"][value="US-OH"]')).toBe(true);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/member-refused-390.png`, fullPage: true });
    await page.setInputFiles('input[name="certificate"]', {
      name: 'ohio-certificate.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await page.click('form[aria-label="Send a certificate"] button[type="submit"]');
    await page.waitForURL(/sent=1/);
    await expect.poll(() => page.locator('[data-certificate]').first().textContent()).toContain(NUMBER);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/member-sent-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (REVIEW_SHOTS) {
      const wide = await memberPage(1280);
      await wide.screenshot({ path: `${SHOTS}/member-sent-1280.png`, fullPage: true });
    }
  });

  it('staff open the photo and approve it for Ohio; the member reads that it applies', async () => {
    const { page } = await openPage(browser, 1280);
    await signInNewStaff(page, 'support', 'Sam Support');
    await page.goto(`${us}/admin/tax-exemptions`);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/staff-queue-1280.png`, fullPage: true });
    await page.click(`a:text("${NUMBER}")`);
    await page.waitForURL(/\/admin\/tax-exemptions\/\d+$/);
    const image = page.locator('.certificate-image img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/staff-review-1280.png`, fullPage: true });
    const reviewUrl = page.url();
    const { page: narrow, context } = await openPage(browser, 390);
    await context.addCookies(await page.context().cookies());
    await narrow.goto(reviewUrl);
    if (REVIEW_SHOTS) await narrow.screenshot({ path: `${SHOTS}/staff-review-390.png`, fullPage: true });
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    await page.fill('input[name="expiresOn"]', expiry);
    await page.click('form[aria-label="Approve"] button[type="submit"]');
    await page.waitForURL(/done=approve/);
    await expect.poll(() => page.locator('[data-testid="certificate-status"]').textContent()).toContain('Approved');
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/staff-approved-1280.png`, fullPage: true });
    const member = await memberPage(390);
    await expect
      .poll(() => member.locator('[data-certificate]').first().textContent())
      .toContain(`Applies to orders shipped there until ${expiry}.`);
    if (REVIEW_SHOTS) await member.screenshot({ path: `${SHOTS}/member-approved-390.png`, fullPage: true });
  }, 150_000);

  it('checkout charges the approved member no tax in Ohio and names the certificate, as the invoice does', async () => {
    const [row] = await shopQuery<{ handle: string }>(
      `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
        ON s.item_id = i.id AND s.sort = 0
       WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
         AND s.available_total >= 20 ORDER BY i.id LIMIT 1 OFFSET 11`,
    );
    const { context, page, errors } = await openPage(browser, 1280);
    await signIn(context, us, token);
    await page.goto(`${us}/product/${row!.handle}`);
    await hydrated(page);
    await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
      .toBe('1');
    await page.goto(`${us}/checkout`);
    await hydrated(page);
    await fillAddress(page, {
      first: 'Olive',
      line1: '90 W Broad St',
      city: 'Columbus',
      region: 'OH',
      regionLabel: 'State',
      postal: '43215',
      postalLabel: 'ZIP code',
    });
    const note = page.locator('[data-tax-note="note"]');
    await note.waitFor();
    expect(await note.textContent()).toBe(`No sales tax: your exemption certificate ${NUMBER} applies in Ohio.`);
    expect(await page.locator('[data-checkout-summary] [data-tax]').count()).toBe(0);
    if (REVIEW_SHOTS)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/checkout-exempt-${width}.png`, fullPage: true });
      }
    await page.locator('[data-place-order]').click();
    const orderId = await payWithTestCard(page);
    await page.goto(`${us}/printInvoice?orderId=${orderId}`);
    const exemption = page.locator('[data-tax-exemption]');
    expect(await exemption.textContent()).toBe(`Tax exempt: resale certificate ${NUMBER} (Ohio)`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-exempt-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
