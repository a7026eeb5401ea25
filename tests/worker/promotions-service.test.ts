import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceCart } from '../../shared/promotions/engine.ts';
import type { PricingLine } from '../../shared/promotions/types.ts';
import { isPromotionOverused, promotionRepository } from '../../worker/promotions/repository.ts';
import type { NewPromotionRecord } from '../../worker/promotions/records.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import {
  claimCoupon,
  couponsFor,
  loadPromotionContext,
  redeemCouponWithPoints,
} from '../../worker/promotions/service.ts';
import { insertPromotion } from './promotion-helpers.ts';
import { walletRepository } from '../../worker/promotions/wallet-repository.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

const NOW = Date.now();
const SEC = Math.floor(NOW / 1000);
const DAY = 86_400;
const repository = () => promotionRepository(env.DB);
const wallets = () => walletRepository(env.DB);

let nextCode = 0;
/** A valid, always-on, all-markets automatic 10 % discount unless told otherwise. */
function record(fields: Partial<NewPromotionRecord>): NewPromotionRecord {
  return {
    name: 'Test promotion',
    code: null,
    source: 'AUTO_DISCOUNT',
    promotionType: 'DISCOUNT',
    discountType: 'PERCENT',
    discountValue: 10,
    thresholdType: 'NO_THRESHOLD',
    thresholdValue: 0,
    appliesTo: 'ALL',
    market: null,
    startsAt: SEC - DAY,
    endsAt: SEC + DAY,
    usageLimit: null,
    perCustomerLimit: null,
    memberOnly: 0,
    integralScore: null,
    limitScene: null,
    maxDiscountCent: null,
    giftSkuId: null,
    giftQuantity: 1,
    scope: [],
    addOns: [],
    ...fields,
  };
}
const codeRecord = (fields: Partial<NewPromotionRecord>) =>
  record({ source: 'PROMOTION_CODE', code: `CODE${++nextCode}`, ...fields });
const couponRecord = (fields: Partial<NewPromotionRecord>) => record({ source: 'COUPON', ...fields });
const create = (fields: NewPromotionRecord) => insertPromotion(env.DB, fields);

const line = (fields: Partial<PricingLine>): PricingLine => ({
  key: '1:NORMAL:',
  skuId: 1,
  itemId: 1,
  brandId: 1,
  categoryIds: [3, 1],
  quantity: 1,
  unitCent: 10_000,
  itemType: 'NORMAL',
  bundleId: null,
  ...fields,
});

/** Runs a SQL file statement by statement (comments dropped), as wrangler would. */
async function runSqlFile(sql: string): Promise<void> {
  const statements = sql
    .split('\n')
    .filter((text) => !text.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
}

describe('loading the promotions a cart is priced with', () => {
  it('takes the automatic discounts of this market, every promotion behind entered codes, chosen coupons', async () => {
    const auto = await create(
      record({
        name: 'auto',
        appliesTo: 'SELECTED',
        scope: [
          { targetType: 'CATEGORY', targetId: 1 },
          { targetType: 'BRAND', targetId: 7 },
        ],
      }),
    );
    const caAuto = await create(record({ market: 'ca' }));
    const expiredAuto = await create(record({ endsAt: SEC - 1 }));
    const futureAuto = await create(record({ startsAt: SEC + DAY, endsAt: SEC + 2 * DAY }));
    const code = await create(
      codeRecord({ code: 'MixedCase', discountType: 'FIXED_AMOUNT', discountValue: 500, usageLimit: 10 }),
    );
    const foreign = await create(codeRecord({ code: 'EH20', market: 'ca' }));
    const coupon = await create(couponRecord({ discountType: 'FIXED_AMOUNT', discountValue: 300 }));
    const notChosen = await create(couponRecord({}));
    await wallets().claimCoupon(11, coupon, 'CLAIM', 0);
    await wallets().claimCoupon(11, notChosen, 'CLAIM', 0);
    await env.DB.batch(
      repository().usageStatements({ promotionId: code, accountId: 11, email: null, orderId: 'O-load-1', nowSec: SEC }),
    );

    const context = await loadPromotionContext(env.DB, {
      market: 'us',
      now: NOW,
      accountId: 11,
      enteredCodes: [' mixedcase ', 'eh20', 'NOPE'],
      selectedCouponIds: [coupon],
    });
    const ids = context.promotions.map((promotion) => promotion.id);
    expect(ids).toEqual(expect.arrayContaining([auto, code, foreign, coupon]));
    for (const absent of [caAuto, expiredAuto, futureAuto, notChosen]) expect(ids).not.toContain(absent);
    expect(context.promotions.find((promotion) => promotion.id === auto)!.scope).toEqual({
      itemIds: [],
      categoryIds: [1],
      brandIds: [7],
    });
    expect(context.promotions.find((promotion) => promotion.id === coupon)!.couponStatus).toBe('AVAILABLE');
    expect(context.usage[code]).toEqual({ total: 1, byCustomer: 1 });

    const pricing = priceCart({
      ...context,
      lines: [line({})],
      market: 'us',
      now: NOW,
      accountId: 11,
      enteredCodes: [' mixedcase ', 'eh20', 'NOPE'],
      selectedCouponIds: [coupon],
      shippingCent: 0,
      pointsToRedeem: 0,
      pointsBalance: 0,
    });
    expect(pricing.adjustments.map((adjustment) => adjustment.promotionId)).toEqual([auto, code, coupon]);
    expect(pricing.rejected.map((rejection) => rejection.problem)).toEqual(['UNKNOWN_CODE', 'WRONG_MARKET']);
  });

  it('gives a guest no wallet coupons, so the engine asks them to sign in', async () => {
    const coupon = await create(couponRecord({}));
    await wallets().claimCoupon(12, coupon, 'CLAIM', 0);
    const context = await loadPromotionContext(env.DB, {
      market: 'us',
      now: NOW,
      accountId: null,
      enteredCodes: [],
      selectedCouponIds: [coupon],
    });
    expect(context.promotions.map((promotion) => promotion.id)).not.toContain(coupon);
  });

  it('keeps a code unique per market whatever its case, and lets another market reuse it', async () => {
    await create(codeRecord({ code: 'UNIQUE1', market: 'us' }));
    await expect(create(codeRecord({ code: 'unique1', market: 'us' }))).rejects.toThrow(/UNIQUE/);
    await expect(create(codeRecord({ code: 'Unique1', market: null }))).rejects.toThrow(/UNIQUE/);
    const canadian = await create(codeRecord({ code: 'unique1', market: 'ca' }));
    const [rows] = await repository().read<[{ id: number }[]]>([repository().byCodes(['UNIQUE1'])]);
    expect(rows.map((row) => row.id)).toContain(canadian);
    expect(
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM promotion WHERE name = 'Test promotion' AND code = 'Unique1'",
      ).first<{ n: number }>())!.n,
    ).toBe(0);
  });
});

describe('recording usage in the order batch', () => {
  const marker = (orderId: string) =>
    env.DB.prepare("INSERT INTO shop_meta (key, value) VALUES (?, 'order')").bind(orderId);
  const markerExists = async (orderId: string) =>
    (await env.DB.prepare('SELECT 1 AS found FROM shop_meta WHERE key = ?').bind(orderId).first()) !== null;

  it('never lets a promotion pass its usage limit: the over-using order batch fails whole', async () => {
    const id = await create(codeRecord({ usageLimit: 1 }));
    await env.DB.batch([
      marker('O-limit-1'),
      ...repository().usageStatements({
        promotionId: id,
        accountId: null,
        email: 'a@example.com',
        orderId: 'O-limit-1',
        nowSec: SEC,
      }),
    ]);
    const second = env.DB.batch([
      marker('O-limit-2'),
      ...repository().usageStatements({
        promotionId: id,
        accountId: null,
        email: 'b@example.com',
        orderId: 'O-limit-2',
        nowSec: SEC,
      }),
    ]);
    const error = await second.catch((caught: unknown) => caught);
    expect(isPromotionOverused(error)).toBe(true);
    expect(await markerExists('O-limit-1')).toBe(true);
    expect(await markerExists('O-limit-2')).toBe(false);
    expect(
      (await env.DB.prepare('SELECT used_count AS n FROM promotion WHERE id = ?').bind(id).first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it('counts a guest against the per-customer limit by email, a member by account', async () => {
    const id = await create(codeRecord({ perCustomerLimit: 1 }));
    const use = (orderId: string, accountId: number | null, email: string | null) =>
      env.DB.batch(repository().usageStatements({ promotionId: id, accountId, email, orderId, nowSec: SEC }));
    await use('O-guest-1', null, 'Guest@Example.com');
    expect(
      isPromotionOverused(await use('O-guest-2', null, 'guest@example.com').catch((caught: unknown) => caught)),
    ).toBe(true);
    await use('O-member-1', 21, 'member@example.com');
    expect(
      isPromotionOverused(await use('O-member-2', 21, 'other@example.com').catch((caught: unknown) => caught)),
    ).toBe(true);
  });

  it('marks a wallet coupon USED, refuses a second use, and gives it back when the order is released', async () => {
    const id = await create(couponRecord({}));
    await wallets().claimCoupon(31, id, 'CLAIM', 0);
    await env.DB.batch(
      repository().usageStatements({ promotionId: id, accountId: 31, email: null, orderId: 'O-coupon-1', nowSec: SEC }),
    );
    expect((await couponsFor(env.DB, 31, 'us', NOW)).find((coupon) => coupon.promotionId === id)!.state).toBe('USED');
    const again = await env.DB.batch(
      repository().usageStatements({ promotionId: id, accountId: 31, email: null, orderId: 'O-coupon-2', nowSec: SEC }),
    ).catch((caught: unknown) => caught);
    expect(isPromotionOverused(again)).toBe(true);

    await env.DB.batch(repository().releaseStatements('O-coupon-1'));
    expect((await couponsFor(env.DB, 31, 'us', NOW)).find((coupon) => coupon.promotionId === id)!.state).toBe(
      'AVAILABLE',
    );
    expect(
      (await env.DB.prepare('SELECT used_count AS n FROM promotion WHERE id = ?').bind(id).first<{ n: number }>())!.n,
    ).toBe(0);
  });
});

describe('the coupon wallet', () => {
  it('claims a coupon once; refuses points coupons, foreign, expired and unknown ones with their reasons', async () => {
    const id = await create(
      couponRecord({ discountType: 'FIXED_AMOUNT', discountValue: 2000, thresholdType: 'QUANTITY', thresholdValue: 2 }),
    );
    const claimed = await claimCoupon(env.DB, { accountId: 41, promotionId: id, market: 'us', now: NOW });
    expect(claimed).toMatchObject({
      ok: true,
      pointsToDeduct: 0,
      coupon: { promotionId: id, state: 'AVAILABLE', unRedeem: false, reason: '$20.00 off orders of 2 or more items' },
    });
    expect(await claimCoupon(env.DB, { accountId: 41, promotionId: id, market: 'us', now: NOW })).toEqual({
      ok: false,
      problem: 'ALREADY_HELD',
      reason: 'This coupon is already in your account.',
    });

    const points = await create(couponRecord({ limitScene: 'REDEEM', integralScore: 500 }));
    const foreign = await create(couponRecord({ market: 'ca' }));
    const expired = await create(couponRecord({ startsAt: SEC - 2 * DAY, endsAt: SEC - DAY }));
    const code = await create(codeRecord({}));
    const claim = (promotionId: number) => claimCoupon(env.DB, { accountId: 41, promotionId, market: 'us', now: NOW });
    expect(await claim(points)).toMatchObject({ ok: false, problem: 'NOT_CLAIMABLE' });
    expect(await claim(code)).toMatchObject({ ok: false, problem: 'NOT_CLAIMABLE' });
    expect(await claim(foreign)).toEqual({
      ok: false,
      problem: 'WRONG_MARKET',
      reason: 'This coupon is not valid in your country.',
    });
    expect(await claim(expired)).toEqual({ ok: false, problem: 'EXPIRED', reason: 'This coupon has expired.' });
    expect(await claim(999_999)).toMatchObject({ ok: false, problem: 'NOT_FOUND' });
  });

  it('redeems a points coupon for its integralScore, once, and only with enough points', async () => {
    const id = await create(
      couponRecord({ discountType: 'FIXED_AMOUNT', discountValue: 1000, limitScene: 'REDEEM', integralScore: 1000 }),
    );
    const redeem = (pointsBalance: number) =>
      redeemCouponWithPoints(env.DB, { accountId: 51, promotionId: id, market: 'us', now: NOW, pointsBalance });
    expect(await redeem(999)).toEqual({
      ok: false,
      problem: 'NOT_ENOUGH_POINTS',
      reason: 'You need 1000 points to redeem this coupon.',
    });
    expect(await redeem(1500)).toMatchObject({
      ok: true,
      pointsToDeduct: 1000,
      coupon: { promotionId: id, state: 'AVAILABLE', limitScene: 'REDEEM', unRedeem: false },
    });
    expect(await redeem(1500)).toMatchObject({ ok: false, problem: 'ALREADY_HELD' });
    const plain = await create(couponRecord({}));
    expect(
      await redeemCouponWithPoints(env.DB, {
        accountId: 51,
        promotionId: plain,
        market: 'us',
        now: NOW,
        pointsBalance: 10_000,
      }),
    ).toMatchObject({ ok: false, problem: 'NOT_REDEEMABLE' });
    expect(
      await env.DB.prepare(
        'SELECT claimed_via AS via, points_spent AS spent FROM member_coupon WHERE account_id = 51',
      ).first(),
    ).toEqual({ via: 'REDEEM', spent: 1000 });
  });

  it('lists held coupons with their state, then unredeemed points coupons (unRedeem), this market only', async () => {
    const available = await create(couponRecord({ name: 'available' }));
    const lapsed = await create(couponRecord({ name: 'lapsed', startsAt: SEC - 3 * DAY, endsAt: SEC - DAY }));
    const later = await create(couponRecord({ name: 'later', startsAt: SEC + DAY, endsAt: SEC + 2 * DAY }));
    const canadian = await create(couponRecord({ name: 'canadian', market: 'ca' }));
    const redeemable = await create(
      couponRecord({ name: 'redeemable', limitScene: 'REDEEM', integralScore: 300, market: 'us' }),
    );
    for (const id of [available, lapsed, later, canadian]) await wallets().claimCoupon(61, id, 'CLAIM', 0);

    const wallet = await couponsFor(env.DB, 61, 'us', NOW);
    const state = (id: number) => wallet.find((coupon) => coupon.promotionId === id);
    expect(state(available)).toMatchObject({ state: 'AVAILABLE', unRedeem: false });
    expect(state(lapsed)!.state).toBe('EXPIRED');
    expect(state(later)!.state).toBe('NOT_STARTED');
    expect(state(canadian)).toBeUndefined();
    expect(state(redeemable)).toMatchObject({
      state: 'REDEEMABLE',
      unRedeem: true,
      integralScore: 300,
      memberCouponId: null,
    });
  });
});

describe('the demo promotions seed', () => {
  beforeAll(async () => {
    // Only the seed's promotions stay in force: the ones made by the tests above end now.
    await env.DB.prepare('UPDATE promotion SET starts_at = ?1 - 2, ends_at = ?1 - 1 WHERE id < 1001').bind(SEC).run();
    await loadCatalogFixture();
    await runSqlFile(seedSql);
    await runSqlFile(seedSql);
  });

  it('loads twice without change and gives working promotions in both markets', async () => {
    const count = await env.DB.prepare('SELECT count(*) AS n FROM promotion WHERE id BETWEEN 1001 AND 1099').first<{
      n: number;
    }>();
    // Ten demo promotions, the automatic Free Standard Shipping of each market, the first-order offer,
    // the Gold and Silver level coupons and the four codes the campaign pages advertise.
    expect(count!.n).toBe(19);
    const brakes = [
      line({ key: 'pads', unitCent: 8_000, quantity: 2, categoryIds: [3, 1] }),
      line({ key: 'bulb', skuId: 2, itemId: 2, unitCent: 2_000, categoryIds: [13, 11] }),
    ];
    const price = async (market: 'us' | 'ca', enteredCodes: string[]) => {
      const context = await loadPromotionContext(env.DB, {
        market,
        now: NOW,
        accountId: null,
        enteredCodes,
        selectedCouponIds: [],
      });
      return priceCart({
        ...context,
        lines: brakes,
        market,
        now: NOW,
        accountId: null,
        enteredCodes,
        selectedCouponIds: [],
        shippingCent: 1500,
        pointsToRedeem: 0,
        pointsBalance: 0,
      });
    };
    const us = await price('us', ['brakes15', 'FREESHIP', 'SPRING10', 'CANADA15']);
    // $180 cart: 10 % auto ($18.00), then 15 % of the brakes left ($144.00 -> $21.60), free shipping.
    expect(us.adjustments.map((adjustment) => [adjustment.promotionId, adjustment.amountCent])).toEqual([
      [1001, 1800],
      [1002, 2160],
      [1003, 1500],
    ]);
    expect(us.rejected.map((rejection) => [rejection.code, rejection.problem])).toEqual([
      ['SPRING10', 'EXPIRED'],
      ['CANADA15', 'WRONG_MARKET'],
    ]);
    expect(us.giveaways).toEqual([]);
    expect(us.exchangeOffers.map((offer) => [offer.promotionId, offer.qualifies, offer.addOns.length > 0])).toEqual([
      [1006, true, true],
    ]);
    const ca = await price('ca', ['CANADA15']);
    expect(ca.adjustments.map((adjustment) => adjustment.promotionId)).toEqual([1001, 1009]);
  });
});
