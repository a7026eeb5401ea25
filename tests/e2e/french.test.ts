import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { englishOnPage } from './english-scan.ts';
import { payInWindow } from './checkout-steps.ts';
import { theShop } from './shop.ts';

const ca = theShop().ca;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Fails with the English words a French page shows, if any. */
async function expectAllFrench(page: Page): Promise<void> {
  expect(await page.locator('html').getAttribute('lang'), page.url()).toBe('fr-CA');
  const english = await englishOnPage(page);
  expect(english, `${page.url()}: ${english.join(' | ')}`).toEqual([]);
}

describe('the Canadian shop in French, in the browser', () => {
  it('a Quebec shopper switches to French and buys brake pads for a vehicle with no English on the way', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(`${ca}/`);
    await hydrated(page);
    await page.locator('[data-header="desktop"] a[data-language-switch="fr"]').click();
    await page.waitForURL(`${ca}/fr/`);
    await hydrated(page);
    await expectAllFrench(page);

    // A vehicle: the home page's selector, then its parts page.
    for (const [level, text] of [
      ['year', '2015'],
      ['make', 'Honda'],
      ['model', 'Civic'],
    ] as const) {
      const select = page.locator(`[data-vehicle-selector] select[name="${level}"]`).first();
      await select.locator('option', { hasText: text }).first().waitFor({ state: 'attached' });
      await select.selectOption({ label: text });
    }
    await page.locator('[data-vehicle-selector] button', { hasText: 'Magasiner pour ce véhicule' }).first().click();
    await page.waitForURL(/\/fr\/parts\/\d+-2015-honda-civic$/);
    await hydrated(page);
    await expectAllFrench(page);

    // A French search from the header.
    await page.fill('#search-desktop', 'plaquettes de frein');
    await page.press('#search-desktop', 'Enter');
    await page.waitForURL(/\/fr\/search\?keyword=plaquettes/);
    await hydrated(page);
    await expectAllFrench(page);
    // The test catalog may have no pads for this car: the notice offers every brake pad, in French too.
    if (Number(await page.locator('[data-total]').first().getAttribute('data-total')) === 0) {
      await page.locator('[data-fit-notice] a', { hasText: 'Tout afficher' }).click();
      await page.waitForURL(/fits=all/);
      await hydrated(page);
      await expectAllFrench(page);
    }
    expect(Number(await page.locator('[data-total]').first().getAttribute('data-total'))).toBeGreaterThan(0);

    // The first part that can be bought, into the cart.
    await page.locator('.product-card a[href^="/fr/product/"]').first().click();
    await page.waitForURL(/\/fr\/product\//);
    await hydrated(page);
    await expectAllFrench(page);
    const add = page.locator('.add-to-cart').getByRole('button', { name: 'Ajouter au panier' });
    await add.click();
    // A part that does not fit the car asks first (in French): the shopper adds it anyway.
    const keep = page.locator('.add-to-cart__confirm button', { hasText: 'Ajouter quand même' });
    const counted = page.locator('[data-header="desktop"] [data-cart-count]');
    await Promise.race([keep.waitFor(), counted.waitFor()]);
    if (await keep.isVisible()) {
      await expectAllFrench(page);
      await keep.click();
    }
    await expect
      .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
      .toBe('1');

    await page.goto(`${ca}/fr/shopCart`);
    await hydrated(page);
    expect(await page.locator('[data-cart-summary] [data-total]').textContent()).toMatch(
      /^[\d\u202f\u00a0]+,\d\d\s\$$/,
    );
    await expectAllFrench(page);

    // Checkout with a Quebec address: GST and QST as Quebec names them.
    await page.locator('a[data-checkout]').click();
    await page.waitForURL(`${ca}/fr/checkout`);
    await hydrated(page);
    await page.locator('[data-checkout]').getByLabel('Courriel', { exact: true }).fill('quebec-fr@example.com');
    const form = page.locator('[data-checkout-address]');
    await form.getByLabel('Prénom', { exact: true }).fill('Élodie');
    await form.getByLabel('Nom', { exact: true }).fill('Tremblay');
    await form.getByLabel('Téléphone', { exact: true }).fill('5145550100');
    await form.getByLabel('Adresse', { exact: true }).fill('1000 rue Sherbrooke Ouest');
    await form.getByLabel('Ville', { exact: true }).fill('Montréal');
    await form.getByLabel('Province ou territoire', { exact: true }).selectOption('QC');
    expect(await form.locator('select[name="regionCode"] option[value="QC"]').textContent()).toBe('Québec');
    await form.getByLabel('Code postal', { exact: true }).fill('H3A 1G1');
    await form.getByRole('button', { name: 'Utiliser cette adresse' }).click();
    await page.locator('[data-address-confirmed]').waitFor();
    await expect
      .poll(() => page.locator('[data-tax]').allTextContents())
      .toEqual([expect.stringMatching(/^TPS \(5\s%\)/), expect.stringMatching(/^TVQ \(9,975\s%\)/)]);
    await expectAllFrench(page);

    // The card provider's window is the provider's own; the shop's result page is French again.
    await page.locator('[data-place-order]').click();
    await payInWindow(page);
    await page.waitForURL(/\/fr\/checkout\/orderResult\?orderId=/);
    await page.locator('[data-order-result="SUCCEEDED"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('.order-result h2').textContent()).toBe('Merci de votre commande');
    await expectAllFrench(page);
    expect(errors).toEqual([]);
    await context.close();
    // The whole purchase, eight pages each scanned: longer than one page's test on a busy machine.
  }, 180_000);

  it('keeps the remembered French when an English link is followed, and switches back to English', async () => {
    const { context, page } = await openPage(browser, 390);
    await page.goto(`${ca}/?lang=fr`);
    await page.waitForURL(`${ca}/fr/`);
    await page.goto(`${ca}/shopCart`);
    expect(page.url()).toBe(`${ca}/fr/shopCart`);
    await hydrated(page);
    await page.locator('.header-mobile summary').click();
    await page.locator('.header-mobile a[data-language-switch="en"]').click();
    await page.waitForURL(`${ca}/shopCart`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-CA');
    expect(await page.locator('h1').textContent()).toBe('Shopping cart');
    await context.close();
  });
});
