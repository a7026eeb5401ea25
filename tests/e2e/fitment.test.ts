import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickVehicle } from './vehicle-selector.ts';
import { launchBrowser, noticeShown, openPage } from './browser.ts';
import { shopQuery as query } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;

interface Case {
  handle: string;
  year: string;
  make: string;
  model: string;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function chooseVehicle(page: Page, vehicle: Omit<Case, 'handle'>) {
  await page.goto(`${us}/parts`);
  await pickVehicle(page, vehicle);
  await page.locator('[data-header="desktop"] [data-header-vehicle="chosen"]').waitFor();
}

/** Leaves out parts that fit every trim and engine of the model: the case wants a narrower fit. */
const NOT_WHOLE_MODEL =
  'AND NOT EXISTS (SELECT 1 FROM fitment g ' +
  'WHERE g.item_id = i.id AND g.model_node_id = f.model_node_id AND g.node_level = 3)';
/** The model has more trims than the part fits, so picking a trim decides the fit. */
const SOME_TRIMS_ONLY =
  'AND (SELECT count(*) FROM vehicle_node t WHERE t.parent_id = f.model_node_id AND t.level = 4) > ' +
  '(SELECT count(*) FROM fitment h WHERE h.item_id = i.id AND h.model_node_id = f.model_node_id)';

const CASE_SQL = (level: number) => `
  SELECT s.url_handle AS handle, CAST(m.year AS TEXT) AS year, mk.name AS make, md.name AS model
  FROM fitment f JOIN item i ON i.id = f.item_id JOIN seo s ON s.target_id = i.id AND s.is_primary = 1
  JOIN vehicle_node m ON m.id = f.model_node_id JOIN vehicle_make mk ON mk.id = m.make_id
  JOIN vehicle_model md ON md.id = m.model_id
  WHERE f.node_level = ${level} AND i.us_status = 'ON_SHELVES'
    ${NOT_WHOLE_MODEL}
    ${level === 4 ? SOME_TRIMS_ONLY : ''}
  ORDER BY f.id LIMIT 1`;

describe('fitment on the product page', () => {
  it('shows green when the part fits, red when it does not, grey without a vehicle', async () => {
    const [fits] = await query<Case>(CASE_SQL(3).replace(NOT_WHOLE_MODEL, ''));
    const { context, page, errors } = await openPage(browser, 1440);
    await page.goto(`${us}/product/${fits!.handle}`);
    expect(await page.locator('[data-fit="EMPTY"]').textContent()).toContain('Add vehicle');
    await chooseVehicle(page, fits!);
    await page.goto(`${us}/product/${fits!.handle}`);
    const green = page.locator('[data-fit="FIT"]');
    await green.waitFor();
    expect(await green.textContent()).toContain(`Fits your ${fits!.year} ${fits!.make} ${fits!.model}`);
    expect(await green.textContent()).toContain('Change Vehicle');
    expect(await green.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(46, 125, 50)');

    const other =
      fits!.make === 'Honda'
        ? { year: '2016', make: 'Ford', model: 'F-150' }
        : { year: '2016', make: 'Honda', model: 'Civic' };
    await chooseVehicle(page, other);
    await page.goto(`${us}/product/${fits!.handle}`);
    const red = page.locator('[data-fit="NOT_FIT"]');
    await red.waitFor();
    expect(await red.textContent()).toContain('Does not fit your');
    expect(await red.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(198, 40, 40)');

    // A part that does not fit is added only once the shopper confirms; the cart line says it does not fit.
    const addButton = page.locator('[data-add-to-cart] button', { hasText: 'Add to cart' });
    await addButton.click();
    const confirm = page.locator('.add-to-cart__confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`This part does not fit your ${other.year} ${other.make}`);
    await confirm.locator('button', { hasText: 'Keep looking' }).click();
    await confirm.waitFor({ state: 'detached' });
    await addButton.click();
    await confirm.locator('button', { hasText: 'Add anyway' }).click();
    await noticeShown(page, 'Added to cart');
    await page.goto(`${us}/shopCart`);
    await page.locator('.cart-line [data-fit="NOT_FIT"], [data-fit="NOT_FIT"]').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('turns orange when the trim decides, and green or red once the trim is added', async () => {
    const [byTrim] = await query<Case>(CASE_SQL(4));
    expect(byTrim, 'the fixture has a part that fits only some trims').toBeDefined();
    const { context, page } = await openPage(browser, 1440);
    await chooseVehicle(page, byTrim!);
    await page.goto(`${us}/product/${byTrim!.handle}`);
    const orange = page.locator('[data-fit="UNCERTAIN"]');
    await orange.waitFor();
    expect(await orange.textContent()).toContain('Add vehicle Details');
    expect(await orange.textContent()).toContain('trim');
    const select = orange.locator('select[name="fitment-trim"]');
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    await select.selectOption({ index: 1 });
    await page.locator('[data-fit="FIT"], [data-fit="NOT_FIT"]').waitFor({ timeout: 15_000 });
    // The trim refines the same garage entry: still one vehicle, now with its trim.
    await page.goto(`${us}/parts`);
    await page.locator('[data-garage="list"] li').first().waitFor();
    expect(await page.locator('[data-garage="list"] li').count()).toBe(1);
    expect(await page.locator('[data-garage="list"] li').textContent()).toContain(
      `${byTrim!.year} ${byTrim!.make} ${byTrim!.model} `,
    );
    await context.close();
  });
});
