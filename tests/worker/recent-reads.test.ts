import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogChanged, recentReads } from '../../worker/platform/recent-reads.ts';
import { cancelAndRefund } from '../../worker/flows/cancel-order.ts';
import { moderateReview } from '../../worker/reviews/service.ts';
import { json } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { NEW_YORK, loadPostalCodes, shopper } from './checkout-helpers.ts';
import { US_HOST, api } from './helpers.ts';

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
});

/** A clock the test moves, and a read that counts its calls and answers what it is told. */
function fixture() {
  const clock = {
    at: 1_000_000,
    now() {
      return this.at;
    },
  };
  const reads = recentReads<string>(3, 1000);
  let calls = 0;
  const load = (answer: string) => () => {
    calls++;
    return Promise.resolve(answer);
  };
  return { clock, reads, load, calls: () => calls };
}

describe('shared catalog answers', () => {
  it('share one read among identical asks within the second, and read afresh after it', async () => {
    const { clock, reads, load, calls } = fixture();
    expect(await reads.get('brake', clock, load('first'))).toBe('first');
    clock.at += 999;
    expect(await reads.get('brake', clock, load('second'))).toBe('first');
    expect(await reads.get('rotor', clock, load('rotor'))).toBe('rotor');
    expect(calls()).toBe(2);
    clock.at += 1;
    expect(await reads.get('brake', clock, load('third'))).toBe('third');
    expect(calls()).toBe(3);
  });

  it("read for themselves while another request's read is under way; keep answers, never failures", async () => {
    const { clock, reads, load, calls } = fixture();
    let finish!: (answer: string) => void;
    const pending = reads.get('brake', clock, () => new Promise<string>((resolve) => (finish = resolve)));
    // A read under way belongs to its request: another one asking meanwhile reads on its own.
    expect(await reads.get('brake', clock, load('its own'))).toBe('its own');
    expect(calls()).toBe(1);
    finish('under way');
    expect(await pending).toBe('under way');
    expect(await reads.get('brake', clock, load('unused'))).toBe('under way');
    expect(calls()).toBe(1);
    await expect(reads.get('pads', clock, () => Promise.reject(new Error('D1 is down')))).rejects.toThrow('D1 is down');
    expect(await reads.get('pads', clock, load('back'))).toBe('back');
  });

  it('are all dropped when the catalog changes, also a read that was under way during the change', async () => {
    const { clock, reads, load } = fixture();
    await reads.get('brake', clock, load('before'));
    let finish!: (answer: string) => void;
    const during = reads.get('rotor', clock, () => new Promise<string>((resolve) => (finish = resolve)));
    catalogChanged();
    finish('read before the change');
    await during;
    expect(await reads.get('brake', clock, load('after'))).toBe('after');
    expect(await reads.get('rotor', clock, load('after'))).toBe('after');
  });

  it('keep at most as many answers as they were given room for', async () => {
    const { clock, reads, load, calls } = fixture();
    for (const key of ['a', 'b', 'c', 'd']) await reads.get(key, clock, load(key));
    expect(calls()).toBe(4);
    await reads.get('d', clock, load('again'));
    expect(calls()).toBe(4);
    await reads.get('a', clock, load('again'));
    expect(calls()).toBe(5);
  });
});

describe('what shoppers see through the shared answers', () => {
  type Product = {
    product: { skus: { skuId: number; availableTotal: number }[]; reviewInfo: { reviewCount: number } };
  };
  const productOf = async (handle: string) =>
    (await api<Product>(`${US_HOST}/item/public/buyer/item/v2/${handle}`)).body.data.product;
  const stockedItem = async () =>
    (await env.DB.prepare(
      `SELECT k.id AS skuId, k.item_id AS itemId, s.url_handle AS handle, i.title FROM sku k
        JOIN item i ON i.id = k.item_id JOIN seo s ON s.target_id = i.id AND s.is_primary = 1
     WHERE i.us_status = 'ON_SHELVES' AND k.available_total >= 20 AND (SELECT count(*) FROM sku
       WHERE item_id = i.id) = 1 ORDER BY k.id DESC LIMIT 1`,
    ).first<{ skuId: number; itemId: number; handle: string; title: string }>())!;

  it('identical searches within a second share one answer: a catalog import shows within a second', async () => {
    const { itemId, title } = await stockedItem();
    const search = async () =>
      (
        await api<{ records: { itemId: number; discountPrice: number }[] }>(
          `${US_HOST}/search/public/buyer/items/filter-search?keyword=${encodeURIComponent(title)}`,
        )
      ).body.data.records.find((record) => record.itemId === itemId)!;
    const before = (await search()).discountPrice;
    await env.DB.prepare('UPDATE item SET min_price_usd = min_price_usd + 100 WHERE id = ?').bind(itemId).run();
    expect((await search()).discountPrice).toBe(before);
    catalogChanged(); // what the second passing does
    expect((await search()).discountPrice).toBe(before + 100);
  });

  it('the product shows the stock an order took or gave back and the review just published, at once', async () => {
    const { skuId, itemId, handle } = await stockedItem();
    const stockBefore = (await productOf(handle)).skus[0]!.availableTotal;
    const buyer = shopper();
    await buyer.add(skuId, 2);
    const quote = (
      await buyer.call<{ total: number }>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })
    ).body.data;
    const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
      idempotencyKey: crypto.randomUUID(),
      email: 'buyer@example.com',
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    expect(placed.body.success).toBe(true);
    expect((await productOf(handle)).skus[0]!.availableTotal).toBe(stockBefore - 2);
    await cancelAndRefund(
      env,
      placed.body.data.order.orderId,
      { accountId: null, email: 'buyer@example.com' },
      Date.now(),
    );
    expect((await productOf(handle)).skus[0]!.availableTotal).toBe(stockBefore);

    const reviewsBefore = (await productOf(handle)).reviewInfo.reviewCount;
    const review = await api<{ id: number }>(
      `${US_HOST}/item/public/buyer/review`,
      json('POST', { itemId, rating: 5, title: 'Fits well', content: 'Bolted right on.', name: 'Sam' }),
    );
    expect(review.body.success).toBe(true);
    await moderateReview(env.DB, review.body.data.id, 'PUBLISHED');
    expect((await productOf(handle)).reviewInfo.reviewCount).toBe(reviewsBefore + 1);
  });
});
