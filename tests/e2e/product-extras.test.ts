import { PAYABLE_STATUSES } from '../../shared/order-status.ts';
import { paidThenSql } from '../lib/status-path.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money.ts';
import { ORDER_MSG } from '../../shared/orders.ts';
import { SCENE_EVENT } from '../../client/islands/RecentlyViewed.tsx';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery as query } from './shop-db.ts';
import { theShop } from './shop.ts';
import { beacons, call, keepBeacons, placeOrder } from './shop-api.ts';

const us = theShop().us;
let browser: Browser;
/** A short real video, made by the browser itself: the shop's R2 holds no video files in tests. */
let webm: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await openPage(browser, 320);
  await page.goto(`${us}/__bare`);
  const bytes = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 90 });
    const draw = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let frame = 0; frame < 40; frame++) {
      draw.fillStyle = `hsl(${frame * 9}, 80%, 50%)`;
      draw.fillRect(0, 0, 160, 90);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  webm = Buffer.from(bytes);
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('product page extras in the browser', () => {
  it('plays an installation video in place, fetching nothing of it until play is pressed', async () => {
    const [item] = await query<{
      handle: string;
      url: string;
      title: string;
    }>(`SELECT s.url_handle AS handle, v.url, v.title FROM item_video v JOIN seo s ON s.target_id = v.item_id
      AND s.type = 'ITEM' AND s.is_primary = 1 AND s.active = 1 JOIN item i ON i.id = v.item_id
        WHERE i.us_status IN ('ON_SHELVES', 'UNDER_STOCK') LIMIT 1`);
    const { context, page, errors } = await openPage(browser, 1440);
    const videoRequests: string[] = [];
    await page.route('**/media/videos/**', (route) => {
      videoRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'video/webm', body: webm });
    });
    await page.goto(`${us}/product/${item!.handle}`);
    await hydrated(page);
    const video = page.locator('.product__gallery video').first();
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(false);
    expect(videoRequests).toEqual([]);
    await page.getByRole('button', { name: `Play video: ${item!.title}` }).click();
    await page.waitForFunction(
      () => {
        const element = document.querySelector<HTMLVideoElement>('.product__gallery video');
        return element !== null && !element.paused && element.currentTime > 0;
      },
      undefined,
      { timeout: 10_000 },
    );
    expect(videoRequests[0]).toContain(item!.url);
    expect(await page.getByRole('button', { name: `Play video: ${item!.title}` }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/product/${item!.handle}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads recommendations only when their section scrolls into view, and reports the cards seen', async () => {
    const [item] = await query<{
      handle: string;
    }>(`SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.target_id = i.id
      AND s.type = 'ITEM' AND s.is_primary = 1
      WHERE i.us_status = 'ON_SHELVES' AND (SELECT count(*) FROM fitment f WHERE f.item_id = i.id) >= 10
        AND (SELECT count(*) FROM item o WHERE o.back_category_id = i.back_category_id
          AND o.us_status = 'ON_SHELVES') >= 3 LIMIT 1`);
    const { context, page, errors } = await openPage(browser, 1024);
    await page.setViewportSize({ width: 1024, height: 600 });
    const asked: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/recommend/scene/items?scene=PRODUCT_DETAIL')) asked.push(Date.now());
    });
    const kept = keepBeacons(context);
    await page.goto(`${us}/product/${item!.handle}`);
    await hydrated(page);
    const section = page.locator('[data-island="Recommendations"] .recommendations');
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(await section.getAttribute('data-recommendations')).toBe('waiting');

    await section.scrollIntoViewIfNeeded();
    const cards = section.locator('.product-card[data-item-id]');
    await cards.first().waitFor({ timeout: 10_000 });
    expect(asked).toHaveLength(1);
    expect(await section.locator('h2').textContent()).toBe('Customers also viewed');
    await cards.first().scrollIntoViewIfNeeded();
    const firstId = Number(await cards.first().getAttribute('data-item-id'));
    // Exposure is flushed one second after the last card was seen (§4).
    await expect
      .poll(
        async () =>
          beacons<{ items: { itemId: number }[] }>(kept, 'exposure').flatMap((data) =>
            data.items.map((entry) => entry.itemId),
          ),
        { timeout: 5_000 },
      )
      .toContain(firstId);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('recently viewed in the browser', () => {
  it('tracks the RECENTLY_VIEWED scene when the list of other viewed products is shown', async () => {
    const handles = await query<{
      handle: string;
      id: number;
    }>(`SELECT s.url_handle AS handle, i.id FROM item i JOIN seo s ON s.target_id = i.id
      AND s.type = 'ITEM' AND s.is_primary = 1
      WHERE i.us_status = 'ON_SHELVES' ORDER BY i.id LIMIT 2`);
    const { context, page, errors } = await openPage(browser, 1440);
    const kept = keepBeacons(context);
    await page.goto(`${us}/product/${handles[0]!.handle}`);
    await hydrated(page);
    // The first product viewed has no others to show, so no scene yet.
    expect(beacons(kept, SCENE_EVENT)).toEqual([]);
    await page.goto(`${us}/product/${handles[1]!.handle}`);
    await page.locator('.recently-viewed [data-viewed]').first().waitFor();
    await expect
      .poll(() => beacons(kept, SCENE_EVENT))
      .toEqual([{ scene: 'RECENTLY_VIEWED', itemIds: [handles[0]!.id] }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('order actions in the browser', () => {
  it('a member cancels a processing order from its detail page, then removes it from the history', async () => {
    const email = `cancel-in-browser-${Date.now()}@example.com`;
    const token = await registerMember(us, email, 'correct horse battery');
    const orderId = await placeOrder(token);
    const { context, page, errors } = await openPage(browser, 1440);
    await signIn(context, us, token);
    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${orderId}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Keep order' }).click();
    expect(
      await call<{ status: string }>('GET', `/order/signed/order/detail/${orderId}`, token).then(
        (order) => order.status,
      ),
    ).not.toBe('CANCELLED');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    // Not paid yet, so there is nothing to refund.
    expect(await page.getByRole('status').filter({ hasText: 'Your order was cancelled.' }).textContent()).toBe(
      'Your order was cancelled.',
    );
    expect(
      await call<{ status: string }>('GET', `/order/signed/order/detail/${orderId}`, token).then(
        (order) => order.status,
      ),
    ).toBe('CANCELLED');

    await page.goto(`${us}/myAccount?type=orderHistory`);
    await hydrated(page);
    const row = page.locator(`.order-card[data-order-id="${orderId}"]`);
    expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Remove from history' }).click();
    await row.getByRole('button', { name: 'Yes, remove it' }).click();
    await row.getByText('This order was removed from your order history.').waitFor();
    await page.reload();
    expect(await page.locator(`.order-card[data-order-id="${orderId}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a refund of the order total is on its way when the cancelled order had been paid', async () => {
    const token = await registerMember(us, `cancel-refund-${Date.now()}@example.com`, 'correct horse battery');
    const orderId = await placeOrder(token);
    const { total, currency } = await call<{ total: number; currency: 'USD' | 'CAD' }>(
      'GET',
      `/order/signed/order/detail/${orderId}`,
      token,
    );
    const { context, page } = await openPage(browser, 1440);
    await signIn(context, us, token);
    // Paying through the sandbox window is the purchase test's job: here the shop answers as it does for a paid order.
    await page.route('**/order/public/requisition/order/cancel', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          httpCode: 200,
          code: 200,
          msg: 'success',
          data: { orderId, status: 'CANCELLED', refunded: true },
        }),
      }),
    );
    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${orderId}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    expect(await page.getByRole('status').filter({ hasText: 'Your order was cancelled.' }).textContent()).toBe(
      `Your order was cancelled. A refund of ${formatMoney({ cent: total, currency })} is on its ` +
        `way to your original payment method.`,
    );
    await context.close();
  });

  it("shows the server's message when the order can no longer be cancelled", async () => {
    const token = await registerMember(us, `cancel-too-late-${Date.now()}@example.com`, 'correct horse battery');
    const orderId = await placeOrder(token);
    const { context, page } = await openPage(browser, 1440);
    await signIn(context, us, token);
    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${orderId}`);
    await hydrated(page);
    // The order ships while the page is open.
    await query(paidThenSql(orderId, 'SHIPPED', PAYABLE_STATUSES));
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    expect(await page.getByRole('alert').filter({ hasText: ORDER_MSG.notCancellable }).textContent()).toBe(
      ORDER_MSG.notCancellable,
    );
    await context.close();
  });
});
