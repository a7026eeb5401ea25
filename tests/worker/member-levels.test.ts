import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import type { MemberLevelAnswer } from '../../shared/api/members.ts';
import { DEFAULT_MEMBER_LEVELS } from '../../shared/members.ts';
import { forgetShopSettings } from '../../worker/content/service.ts';
import { memberLevelFor } from '../../worker/members/service.ts';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { claimCoupon } from '../../worker/promotions/service.ts';
import { insertPromotion } from './promotion-helpers.ts';
import { bearer, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, shopper } from './checkout-helpers.ts';
import { US_HOST, api } from './helpers.ts';

/** Member levels (issue 21 item 2): the level by money spent or points earned, and its benefits in pricing. */

const DAY = 86_400_000;

interface LevelQuote {
  total: number;
  pricing: {
    subtotal: number;
    discount: number;
    points: number;
    shipping: number;
    shippingDiscount: number;
    shippingName: string;
    shippingDiscountName?: string | null;
    hints: string[];
  };
  pointsToEarn: number;
  pointsEarnRate: number;
  levelName: string | null;
}

async function withSettings(change: Record<string, unknown>) {
  await env.SETTINGS.put('shop-settings', JSON.stringify({ ...settings, ...change }));
  forgetShopSettings();
}

afterEach(async () => {
  await withSettings({});
});

/** A new member: their token, a shopper with their credentials, and their account id. */
async function newMember(prefix: string) {
  const token = await member(`${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const buyer = shopper(US_HOST, bearer(token));
  const accountId = (await buyer.call<{ accountId: number }>('GET', '/account/buyer/account/current')).body.data
    .accountId;
  return { token, buyer, accountId };
}

/** A paid order of `partsCent` of parts (no shipping, tax or discounts), as the order step leaves it once paid. */
async function paidOrder(
  accountId: number,
  partsCent: number,
  paidAt = Date.now(),
  status = 'PROCESSING',
  market: 'us' | 'ca' = 'us',
) {
  const id = `LV-${crypto.randomUUID().slice(0, 12)}`;
  await env.DB.prepare(
    `INSERT INTO orders (id, idempotency_key, account_id, email, market, currency, status, subtotal_cent,
       discount_cent, shipping_cent, shipping_discount_cent, tax_cent, total_cent, shipping_name, address, paid_at,
       created_at, updated_at)
     VALUES (?1, ?1, ?2, 'levels@example.com', ?6, ?7, ?3, ?4, 0, 0, 0, 0, ?4, 'Standard Shipping', '{}',
       ?5, ?5, ?5)`,
  )
    .bind(id, accountId, status, partsCent, paidAt, market, market === 'us' ? 'USD' : 'CAD')
    .run();
  return id;
}

/** A refund the shop gave on an order (order_refund as the back office's refund records it). */
async function refunded(orderId: string, amountCent: number) {
  await env.DB.prepare(
    `INSERT INTO order_refund (order_id, idempotency_key, amount_cent, reason, status, created_at)
     VALUES (?, ?, ?, 'Damaged', 'DONE', ?)`,
  )
    .bind(orderId, crypto.randomUUID(), amountCent, Date.now())
    .run();
}

const levelOf = async (accountId: number) => memberLevelFor(env, accountId, Date.now());

/** A US part priced between $49 and $99 (over the Gold member's free shipping, under the shop's own), in stock. */
async function midPricedSku(): Promise<{ skuId: number; priceCent: number }> {
  return (await env.DB.prepare(
    `SELECT s.id AS skuId, p.discount_price AS priceCent FROM sku s JOIN item i ON i.id = s.item_id
     JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 AND p.discount_price BETWEEN 5000 AND 9000
     ORDER BY s.id LIMIT 1`,
  ).first<{ skuId: number; priceCent: number }>())!;
}

beforeAll(async () => {
  await checkoutFixture();
});

describe('GET /account/buyer/member-level', () => {
  it('answers 401 without a token', async () => {
    const answer = await api(`${US_HOST}/account/buyer/member-level`);
    expect(answer.status).toBe(401);
  });

  it("answers a signed-in member's level with its progress and every level's benefits", async () => {
    const { token } = await newMember('level-route');
    const answer = await api<MemberLevelAnswer>(`${US_HOST}/account/buyer/member-level`, { headers: bearer(token) });
    expect(answer.status).toBe(200);
    expect(answer.body.data.level.name).toBe('Bronze');
    expect(answer.body.data.levels.map((level) => level.name)).toEqual(['Bronze', 'Silver', 'Gold']);
  });
});

describe('a member level', () => {
  it('is Bronze for a new member, with what remains to reach Silver', async () => {
    const { accountId } = await newMember('level-new');
    const answer = await levelOf(accountId);
    expect(answer.level).toMatchObject({ id: 'bronze', name: 'Bronze', threshold: 0 });
    expect(answer.next).toMatchObject({ name: 'Silver', threshold: 25_000, remaining: 25_000 });
    expect(answer.progress).toEqual({ basis: 'SPEND', value: 0, windowMonths: 12 });
    // The answer names each level in the language asked in: its French name is not a field of its own.
    expect(answer.levels).toEqual(settings.MEMBER_LEVELS.levels.map(({ nameFr: _, ...level }) => level));
  });

  it("counts only the member's own market's orders: dollars and Canadian dollars are not added up", async () => {
    const { accountId } = await newMember('level-markets');
    await paidOrder(accountId, 90_000, Date.now(), 'PROCESSING', 'ca');
    expect((await levelOf(accountId)).level.name).toBe('Bronze');
    await paidOrder(accountId, 30_000);
    expect((await levelOf(accountId)).level.name).toBe('Silver');
  });

  it('rises to Silver and Gold with the parts paid for in the last 12 months, not before', async () => {
    const { accountId } = await newMember('level-rise');
    await paidOrder(accountId, 90_000, Date.now() - 400 * DAY); // outside the window
    await paidOrder(accountId, 50_000, Date.now(), 'CANCELLED');
    await paidOrder(accountId, 20_000);
    expect((await levelOf(accountId)).level.name).toBe('Bronze');
    await paidOrder(accountId, 10_000, Date.now() - 300 * DAY);
    const silver = await levelOf(accountId);
    expect(silver.level.name).toBe('Silver');
    expect(silver.next).toMatchObject({ name: 'Gold', remaining: 75_000 - 30_000 });
    expect(silver.progress.value).toBe(30_000);
    await paidOrder(accountId, 45_000);
    const gold = await levelOf(accountId);
    expect(gold.level.name).toBe('Gold');
    expect(gold.next).toBeNull();
  });

  it('moves back down when an order is refunded or cancelled', async () => {
    const { accountId } = await newMember('level-refund');
    await paidOrder(accountId, 30_000);
    const big = await paidOrder(accountId, 50_000);
    expect((await levelOf(accountId)).level.name).toBe('Gold');
    await refunded(big, 10_000);
    expect((await levelOf(accountId)).progress.value).toBe(70_000);
    expect((await levelOf(accountId)).level.name).toBe('Silver');
    await env.DB.prepare(`UPDATE orders SET status = 'CANCELLED' WHERE id = ?`).bind(big).run();
    expect((await levelOf(accountId)).level.name).toBe('Silver');
    expect((await levelOf(accountId)).progress.value).toBe(30_000);
  });

  it('follows the shop settings: other levels, and points earned as the basis', async () => {
    const { accountId } = await newMember('level-settings');
    const benefits = { earnRate: 1, freeShippingThresholdCent: null, birthdayPoints: 0, couponIds: [] };
    await withSettings({
      MEMBER_LEVELS: {
        basis: 'POINTS',
        levels: [
          { id: 'pro', name: 'Pro', threshold: 100, benefits: { ...benefits, earnRate: 2 } },
          { id: 'rookie', name: 'Rookie', threshold: 0, benefits },
        ],
      },
    });
    const ledger = (delta: number, reason: string, at = Date.now()) =>
      env.DB.prepare(
        `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at) VALUES (?, ?, ?, 'X', ?)`,
      )
        .bind(accountId, delta, reason, at)
        .run();
    await paidOrder(accountId, 90_000); // money spent does not count on this basis
    await ledger(500, 'ADJUSTMENT'); // nor do points the shop gave by hand
    await ledger(90, 'EARNED_ORDER', Date.now() - 400 * DAY); // nor points earned over 12 months ago
    const rookie = await levelOf(accountId);
    expect(rookie.level.name).toBe('Rookie');
    expect(rookie.next).toMatchObject({ name: 'Pro', remaining: 100 });
    expect(rookie.progress).toEqual({ basis: 'POINTS', value: 0, windowMonths: 12 });
    await ledger(120, 'EARNED_ORDER');
    expect((await levelOf(accountId)).level.name).toBe('Pro');
    await ledger(-50, 'REFUND');
    expect((await levelOf(accountId)).level.name).toBe('Rookie');
    expect((await levelOf(accountId)).progress.value).toBe(70);
  });
});

describe('level benefits at checkout and in pricing', () => {
  const quoteOf = async (buyer: ReturnType<typeof shopper>) =>
    (await buyer.call<LevelQuote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body.data;

  it("earns a Gold member 3 points per dollar on their next paid order, as the checkout's preview says", async () => {
    const { buyer, accountId } = await newMember('level-earn');
    await paidOrder(accountId, 80_000);
    const { skuId } = await midPricedSku();
    await buyer.add(skuId, 2);
    const quote = await quoteOf(buyer);
    const dollars = Math.floor((quote.pricing.subtotal - quote.pricing.discount - quote.pricing.points) / 100);
    expect(quote).toMatchObject({ levelName: 'Gold', pointsEarnRate: 3, pointsToEarn: dollars * 3 });
    const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    const { orderId } = placed.body.data.order;
    // Until it is paid, the order's points are pending, at the same rate.
    const points = await buyer.call<{ pending: number }>('GET', '/account/buyer/member-points');
    expect(points.body.data.pending).toBe(dollars * 3);
    expect(await markOrderPaid(env.DB, orderId, Date.now())).toBe(true);
    const earned = await env.DB.prepare(
      `SELECT o.points_earned AS onOrder, (SELECT sum(delta) FROM points_ledger
         WHERE account_id = o.account_id AND reason = 'EARNED_ORDER' AND reference = o.id) AS inLedger
       FROM orders o WHERE o.id = ?`,
    )
      .bind(orderId)
      .first<{ onOrder: number; inLedger: number }>();
    expect(earned).toEqual({ onOrder: dollars * 3, inLedger: dollars * 3 });
  });

  it('previews a Bronze member earning 1 point per dollar, and a visitor none', async () => {
    const { buyer } = await newMember('level-bronze-earn');
    const { skuId, priceCent } = await midPricedSku();
    await buyer.add(skuId, 1);
    expect(await quoteOf(buyer)).toMatchObject({
      levelName: 'Bronze',
      pointsEarnRate: 1,
      pointsToEarn: Math.floor(priceCent / 100),
    });
    const visitor = shopper(US_HOST);
    await visitor.add(skuId, 1);
    expect(await quoteOf(visitor)).toMatchObject({ levelName: null, pointsEarnRate: 0, pointsToEarn: 0 });
  });

  it("ships a Gold member's parts over $49 free (Standard Shipping) while a Bronze member pays for it", async () => {
    const { skuId } = await midPricedSku();
    const gold = await newMember('level-gold-ship');
    await paidOrder(gold.accountId, 80_000);
    await gold.buyer.add(skuId, 1);
    const goldQuote = await quoteOf(gold.buyer);
    expect(goldQuote.pricing.shippingName).toBe('Standard Shipping');
    expect(goldQuote.pricing.shipping).toBeGreaterThan(0);
    expect(goldQuote.pricing.shippingDiscount).toBe(goldQuote.pricing.shipping);
    // The level is named as the reason, in the checkout and on the order.
    const offer = 'Gold member: Free Standard Shipping on orders of $49.00 or more';
    expect(goldQuote.pricing.shippingDiscountName).toBe(offer);
    const placed = await gold.buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: goldQuote.total,
    });
    const adjustment = await env.DB.prepare(
      `SELECT promotion_id AS promotionId, reason FROM order_adjustment WHERE order_id = ? AND kind = 'FREE_SHIPPING'`,
    )
      .bind(placed.body.data.order.orderId)
      .first();
    expect(adjustment).toEqual({ promotionId: null, reason: offer });

    const bronze = await newMember('level-bronze-ship');
    await bronze.buyer.add(skuId, 1);
    const bronzeQuote = await quoteOf(bronze.buyer);
    expect(bronzeQuote.pricing.shipping).toBe(goldQuote.pricing.shipping);
    expect(bronzeQuote.pricing.shippingDiscount).toBe(0);
    expect(bronzeQuote.total).toBeGreaterThan(goldQuote.total);
  });

  it("tells a Gold member under the level's threshold how much more ships free", async () => {
    const cheap = (await env.DB.prepare(
      `SELECT s.id AS skuId, p.discount_price AS priceCent FROM sku s JOIN item i ON i.id = s.item_id
       JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
       WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 AND p.discount_price BETWEEN 1000 AND 4000
       ORDER BY s.id LIMIT 1`,
    ).first<{ skuId: number; priceCent: number }>())!;
    const gold = await newMember('level-gold-hint');
    await paidOrder(gold.accountId, 80_000);
    const cart = (await gold.buyer.add(cheap.skuId, 1)).body.data.detail.pricing;
    const more = ((4_900 - cheap.priceCent) / 100).toFixed(2);
    expect(cart.hints).toContain(`Spend $${more} more to get free Standard Shipping on orders of $49.00 or more.`);
    expect((await shopper(US_HOST).add(cheap.skuId, 1)).body.data.detail.pricing.hints.join(' ')).not.toContain(
      '$49.00',
    );
  });
});

describe('level coupons', () => {
  it("lets a member claim their level's coupons and refuses the others, naming the levels", async () => {
    const sec = Math.floor(Date.now() / 1000);
    const coupon = await insertPromotion(env.DB, {
      name: 'Gold thank-you $10 off',
      code: null,
      source: 'COUPON',
      promotionType: 'DISCOUNT',
      discountType: 'FIXED_AMOUNT',
      discountValue: 1000,
      thresholdType: 'NO_THRESHOLD',
      thresholdValue: 0,
      appliesTo: 'ALL',
      market: null,
      startsAt: sec - 86_400,
      endsAt: sec + 86_400,
      usageLimit: null,
      perCustomerLimit: null,
      memberOnly: 1,
      integralScore: null,
      limitScene: null,
      maxDiscountCent: null,
      giftSkuId: null,
      giftQuantity: 1,
      scope: [],
      addOns: [],
    });
    const levels = DEFAULT_MEMBER_LEVELS.levels.map((level) =>
      level.id === 'gold' ? { ...level, benefits: { ...level.benefits, couponIds: [coupon] } } : level,
    );
    await withSettings({ MEMBER_LEVELS: { basis: 'SPEND', levels } });
    const claim = (accountId: number) =>
      claimCoupon(env.DB, { accountId, promotionId: coupon, market: 'us', now: Date.now() });
    const bronze = await newMember('level-coupon-bronze');
    expect(await claim(bronze.accountId)).toEqual({
      ok: false,
      problem: 'NOT_CLAIMABLE',
      reason: 'This coupon is for Gold members.',
    });
    const gold = await newMember('level-coupon-gold');
    await paidOrder(gold.accountId, 80_000);
    expect(await claim(gold.accountId)).toMatchObject({ ok: true, coupon: { promotionId: coupon } });
  });
});

describe('global coupons by account', () => {
  it('offers the "more item" coupon when the shop settings enable it, and not when they do not', async () => {
    const offers = async () =>
      (await api<{ kind: string; couponName: string }[]>(`${US_HOST}/promotion/public/promotion/global-coupons`)).body
        .data;
    expect(await offers()).toContainEqual({ kind: 'more-item', couponName: 'Buy more, save more' });
    await withSettings({
      COUPON_SETTINGS: { ...settings.COUPON_SETTINGS, moreItem: { enabled: false, couponName: 'Buy more' } },
    });
    expect((await offers()).map((offer) => offer.kind)).not.toContain('more-item');
  });
});
