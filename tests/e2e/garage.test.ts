import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickVehicle } from './vehicle-selector.ts';
import { vinCheckDigit } from '../../shared/vin.ts';
import { hydrated, launchBrowser, noticeShown, openPage } from './browser.ts';
import { registerMember, signIn } from './members.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('choosing a vehicle', () => {
  it('picks Year, Make, Model, lands on its parts page, says so, shows it in the header and keeps it', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    await page.goto(`${us}/parts`);
    await pickVehicle(page, { year: '2015', make: 'Honda', model: 'Civic' });
    await page.waitForURL(/\/parts\/\d+-2015-honda-civic$/);
    await noticeShown(page, 'You are now shopping for 2015 Honda Civic');
    expect(await page.locator('h1').textContent()).toBe('Parts for your 2015 Honda Civic');
    await page.locator('[data-vehicle-apply="current"]').waitFor();
    const header = page.locator('[data-header="desktop"] [data-header-vehicle="chosen"]');
    expect(await header.textContent()).toContain('2015 Honda Civic');
    await page.goto(`${us}/parts`);
    await page.locator('[data-header="desktop"] [data-header-vehicle="chosen"]').waitFor();
    await page.locator('[data-garage="list"] li').first().waitFor();
    expect(await page.locator('[data-garage="list"] li').count()).toBe(1);
    expect(await page.locator('[data-continue-vehicle]').textContent()).toBe('Shop parts for your 2015 Honda Civic');

    await pickVehicle(page, { year: '2013', make: 'Ford', model: 'F-150' });
    await page.waitForURL(/\/parts\/\d+-2013-ford-f-150/);
    await page.goto(`${us}/parts`);
    await page.locator('[data-garage="list"] li').nth(1).waitFor();
    expect(await page.locator('[data-garage="list"] li[data-default="true"]').textContent()).toContain(
      '2013 Ford F-150',
    );
    await page
      .locator('[data-garage="list"] li', { hasText: '2015 Honda Civic' })
      .locator('button', { hasText: 'Shop for this' })
      .click();
    await noticeShown(page, 'You are now shopping for 2015 Honda Civic');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts from a VIN, and says what is wrong with a bad one', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(`${us}/parts`);
    // Typed before hydration, the VIN would go to the server as a plain form, not to the island.
    await hydrated(page);
    const base = '1HGCR2F3_EA000001';
    const vin = base.replace('_', vinCheckDigit(base.replace('_', '0')));
    const form = page.locator('.vehicle-selector__vin').first();
    await form.locator('input[name="vin"]').fill('1HGCR2F3XEA00000');
    await form.locator('button').click();
    expect(await form.locator('[role="alert"]').textContent()).toBe('A VIN has exactly 17 characters.');
    await form.locator('input[name="vin"]').fill(vin);
    await form.locator('button').click();
    // A VIN that names its model applies the vehicle like the selector: parts page, toast, header, garage.
    await page.waitForURL(/\/parts\/\d+-2014-honda-/);
    await noticeShown(page, 'You are now shopping for 2014 Honda');
    expect(await page.locator('[data-header="desktop"] [data-header-vehicle="chosen"]').textContent()).toContain(
      '2014 Honda',
    );
    await page.locator('[data-vehicle-apply="current"]').waitFor();
    await context.close();
  });

  it('keeps a member’s garage on the server, so another device finds it', async () => {
    const token = await registerMember(us, `garage-${Date.now()}@example.com`, 'two devices please');
    const first = await openPage(browser, 1440);
    await signIn(first.context, us, token);
    await first.page.goto(`${us}/parts`);
    await pickVehicle(first.page, { year: '2016', make: 'Toyota', model: 'Camry' });
    // Choosing saves the vehicle, then opens its parts page, which shows no garage: the list is read back on /parts
    // once the parts page has opened (waiting for the list before that raced the navigation away from it).
    await first.page.waitForURL(/\/parts\/\d+-2016-toyota-camry$/);
    await first.page.goto(`${us}/parts`);
    await first.page.locator('[data-garage="list"] li', { hasText: '2016 Toyota Camry' }).waitFor();
    await first.context.close();

    const second = await openPage(browser, 375);
    await signIn(second.context, us, token);
    await second.page.goto(`${us}/parts`);
    await second.page.locator('[data-garage="list"] li', { hasText: '2016 Toyota Camry' }).waitFor();
    await second.context.close();
  });
});
