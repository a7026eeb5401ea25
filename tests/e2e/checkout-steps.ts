import type { Page } from 'playwright-core';

/** Checkout steps the browser tests share: the address form and the sandbox's card window. */

export async function fillAddress(
  page: Page,
  address: {
    first: string;
    line1: string;
    city: string;
    region: string;
    regionLabel: string;
    postal: string;
    postalLabel: string;
  },
) {
  const form = page.locator('[data-checkout-address]');
  await form.getByLabel('First name', { exact: true }).fill(address.first);
  await form.getByLabel('Last name', { exact: true }).fill('Driver');
  await form.getByLabel('Phone', { exact: true }).fill('2125550100');
  await form.getByLabel('Address', { exact: true }).fill(address.line1);
  await form.getByLabel('City', { exact: true }).fill(address.city);
  await form.getByLabel(address.regionLabel, { exact: true }).first().selectOption(address.region);
  await form.getByLabel(address.postalLabel, { exact: true }).fill(address.postal);
  await form.getByRole('button', { name: 'Use this address' }).click();
  await page.locator('[data-address-confirmed], [data-checkout] .form-error').first().waitFor();
  // Read at once: waiting for an error that is not there would wait out the whole timeout.
  const errors = page.locator('[data-checkout] .form-error');
  if ((await errors.count()) > 0) throw new Error(`address refused: ${await errors.first().textContent()}`);
}

/** Fills the sandbox's card window with a card and pays (4242... succeeds, 4000 0000 0000 0002 is declined). */
export async function payInWindow(page: Page, card = '4242 4242 4242 4242'): Promise<void> {
  await page.waitForURL(/\/payment\/sandbox\/pay_/);
  await page.getByLabel('Card number').fill(card);
  await page
    .getByLabel('Expiry (MM / YY)')
    .fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/checkout\/orderResult\?orderId=/, { timeout: 20_000 });
}

/** Through the sandbox's hosted window with a card that succeeds, back to the result page: the order number. */
export async function payWithTestCard(page: Page): Promise<string> {
  await payInWindow(page);
  await page.locator('[data-order-result="SUCCEEDED"]').waitFor({ timeout: 20_000 });
  return (await page.locator('[data-order-id]').textContent())!;
}
