import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto('http://ca.shop.localhost:8812/fr/product/autohaven-pro-canvas-work-seat-covers-ahp-sea000721?sku=825', { waitUntil: 'networkidle' });
await page.screenshot({ path: '/tmp/var-shots/item721-black-fr-1280.png' });
await browser.close();
