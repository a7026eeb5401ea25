import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { forgetCampaign } from '../../worker/content/service.ts';
import { CA_HOST, US_HOST, api, page } from './helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';

/**
 * The spec's last gaps (issue 42): the stored files' address call of §7, the running campaign's CART
 * banner on the cart page (§3 banners: code and value), and a member's review of a part they bought marked
 * as a verified purchase.
 */

describe('GET /infra/public/buyer/file/address', () => {
  it("answers where the shop's public files are served, on each site's configured origin", async () => {
    const us = await api<{ address: string }>(`${US_HOST}/infra/public/buyer/file/address`);
    expect(us.status).toBe(200);
    expect(us.body.data.address).toBe(`${env.US_ORIGIN}/media/`);
    const ca = await api<{ address: string }>(`${CA_HOST}/infra/public/buyer/file/address`, {
      headers: { host: 'evil.example' },
    });
    expect(ca.body.data.address).toBe(`${env.CA_ORIGIN}/media/`);
  });
});

describe("the running campaign's CART banner", () => {
  const HOUR = 3600_000;
  const running = (overrides: Record<string, unknown> = {}) =>
    env.SETTINGS.put(
      KV_KEY.campaign,
      JSON.stringify({
        active: true,
        slug: 'cart-week',
        startTime: new Date(Date.now() - HOUR).toISOString(),
        endTime: new Date(Date.now() + HOUR).toISOString(),
        banners: [
          { code: 'HOME_TOP', value: 'Home words' },
          { code: 'CART', value: 'Cart week: 15% off brakes with BRAKE15' },
        ],
        ...overrides,
      }),
    );
  afterEach(async () => {
    await env.SETTINGS.delete(KV_KEY.campaign);
    forgetCampaign();
  });

  it('shows on the cart page while the campaign is live, linking to its page', async () => {
    await running();
    forgetCampaign();
    const { html } = await page(`${US_HOST}/shopCart`);
    expect(html).toMatch(
      /<a class="cart-campaign" href="\/campaign\/cart-week" data-campaign-banner="CART">Cart week: 15% off brakes/,
    );
    // Only the cart page carries it.
    expect((await page(`${US_HOST}/`)).html).not.toContain('data-campaign-banner="CART"');
  });

  it('is not shown before the start, after the end, for another market, or without a CART banner', async () => {
    for (const overrides of [
      { startTime: new Date(Date.now() + HOUR).toISOString() },
      { endTime: new Date(Date.now() - 1000).toISOString(), startTime: new Date(Date.now() - HOUR).toISOString() },
      { active: false },
      { markets: ['ca'] },
      { banners: [{ code: 'HOME_TOP', value: 'Home words' }] },
    ]) {
      await running(overrides);
      forgetCampaign();
      expect((await page(`${US_HOST}/shopCart`)).html, JSON.stringify(overrides)).not.toContain('data-campaign-banner');
    }
  });
});

describe("a member's review of a part they paid for", () => {
  let skuIds: number[];
  beforeAll(async () => {
    skuIds = await checkoutFixture();
  });
  const review = (order: Awaited<ReturnType<typeof placedMemberOrder>>, itemId: number) =>
    order.buyer.call<{ id: number }>('POST', '/item/public/buyer/review', {
      itemId,
      rating: 4,
      title: 'Good pads',
      content: 'Quiet after bedding in, no dust on the wheels.',
      name: 'Jane',
    });
  const verifiedOf = async (id: number) =>
    (await env.DB.prepare('SELECT verified_purchase AS v, reviewer_email AS email FROM review WHERE id = ?')
      .bind(id)
      .first<{ v: number; email: string | null }>())!;
  const itemOf = async (orderId: string) =>
    (await env.DB.prepare('SELECT item_id AS id FROM order_line WHERE order_id = ? AND line_no = 1')
      .bind(orderId)
      .first<{ id: number }>())!.id;
  const setOrder = (orderId: string, status: string, paid: boolean) =>
    env.DB.prepare('UPDATE orders SET status = ?1, paid_at = ?2 WHERE id = ?3')
      .bind(status, paid ? Date.now() : null, orderId)
      .run();

  it('is a verified purchase once the order is paid, and is told at their account email', async () => {
    const order = await placedMemberOrder(skuIds[2]!, 'rv');
    const itemId = await itemOf(order.orderId);
    const unpaid = await review(order, itemId);
    expect(unpaid.status).toBe(200);
    expect((await verifiedOf(unpaid.body.data.id)).v).toBe(0);
    await setOrder(order.orderId, 'PROCESSING', true);
    const paid = await review(order, itemId);
    const row = await verifiedOf(paid.body.data.id);
    expect(row.v).toBe(1);
    expect(row.email).toMatch(/^rv-/);
  });

  it('is not verified for a cancelled order, another member, or a visitor', async () => {
    const order = await placedMemberOrder(skuIds[3]!, 'cx');
    const itemId = await itemOf(order.orderId);
    await setOrder(order.orderId, 'CANCELLED', true);
    expect((await verifiedOf((await review(order, itemId)).body.data.id)).v).toBe(0);
    const bought = await placedMemberOrder(skuIds[3]!, 'ow');
    await setOrder(bought.orderId, 'PROCESSING', true);
    const other = await placedMemberOrder(skuIds[4]!, 'ot');
    expect((await verifiedOf((await review(other, itemId)).body.data.id)).v).toBe(0);
  });
});
