import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const url = 'http://us.shop.localhost:8812/product/autohaven-pro-canvas-work-seat-covers-ahp-sea000721';
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 1300 : 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-island="VariantPicker"][data-hydrated]', { timeout: 20000 });
  await page.click('a[data-sku="825"]');
  await page.waitForFunction(() => document.querySelector('[data-part-number]')?.getAttribute('data-part-number')?.endsWith('-BK'));
  await page.waitForTimeout(800);
  await page.evaluate(() => scrollTo(0, 0));
  console.log(width, page.url(), await page.locator('.product-price strong').textContent(), await page.locator('.product__main img').getAttribute('src'), errors);
  await page.screenshot({ path: `/tmp/var-shots/item721-black-${width}.png`, fullPage: false });
  const summary = await page.locator('.product__summary').boundingBox();
  await page.screenshot({ path: `/tmp/var-shots/item721-black-${width}-full.png`, fullPage: true });
  await page.close();
}
await browser.close();
