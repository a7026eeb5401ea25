import type { Page } from 'playwright-core';

/**
 * Picks Year, Make and Model by their words in the page's first vehicle selector (each list
 * fills after the one before), then asks for the vehicle's parts. Where it lands is the caller's.
 */
export async function pickVehicle(page: Page, vehicle: { year: string; make: string; model: string }) {
  for (const [level, text] of [
    ['year', vehicle.year],
    ['make', vehicle.make],
    ['model', vehicle.model],
  ] as const) {
    const select = page.locator(`[data-vehicle-selector] select[name="${level}"]`).first();
    await select.locator('option', { hasText: text }).first().waitFor({ state: 'attached' });
    await select.selectOption({ label: text });
  }
  await page.locator('[data-vehicle-selector] button', { hasText: 'Shop for this vehicle' }).first().click();
}
