import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartDiscount } from '../../shared/cart.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { CHECKOUT_MSG } from '../../worker/checkout/service.ts';
import { unitOfWork } from '../../worker/platform/unit-of-work.ts';
import { PROMOTION_GUARD, promotionUsesInto } from '../../worker/promotions/writers.ts';
import { bearer, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, runSqlFile, shopper } from './checkout-helpers.ts';
import { US_HOST, api, page } from './helpers.ts';

/**
 * The first-order promotion (issue 21, §3 useFirstDiscount): the seeded "First order $5 off" (id 1013,
 * $5.00 off orders of $25.00 or more) applies to a member's or a guest email's first order only.
 */

const FIRST_ORDER = 1013;
const REASON = '$5.00 off orders of $25.00 or more';

type Buyer = ReturnType<typeof shopper>;
interface QuoteAnswer {
  total: number;
  pricing: { discount: number; discounts: CartDiscount[] };
}
interface PlacedAnswer {
  order: { orderId: string };
}

/** A US part priced $30.00-$70.00 with stock: one of it is over the offer's minimum and under the others'. */
let skuId: number;

beforeAll(async () => {
  await checkoutFixture();
  await runSqlFile(seedSql);
  const row = await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 AND p.discount_price BETWEEN 3000 AND 7000
     ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>();
  skuId = row!.id;
  await env.DB.prepare('UPDATE sku SET available_total = 500 WHERE id = ?').bind(skuId).run();
});

const quote = async (buyer: Buyer) =>
  (await buyer.call<QuoteAnswer>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body.data;

const place = (buyer: Buyer, expectedTotal: number, email?: string) =>
  buyer.call<PlacedAnswer>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `first-order-${crypto.randomUUID()}`,
    email,
    address: NEW_YORK,
    paymentMethod: 'CARD',
    expectedTotal,
  });

const firstOrderDiscount = (answer: QuoteAnswer) =>
  answer.pricing.discounts.find((discount) => discount.promotionId === FIRST_ORDER);

const discountOf = async (orderId: string) =>
  (await env.DB.prepare('SELECT discount_cent AS n FROM orders WHERE id = ?').bind(orderId).first<{ n: number }>())!.n;

async function newMember(prefix: string) {
  const headers = bearer(await member(`${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`));
  const buyer = shopper(US_HOST, headers);
  const eligible = async () =>
    (await api<{ eligible: boolean }>(`${US_HOST}/account/buyer/first-discount/check`, { headers })).body.data.eligible;
  return { buyer, eligible };
}

describe('the first-order promotion', () => {
  it("takes $5 off a member's first order, with its reason, and not off the second", async () => {
    const { buyer, eligible } = await newMember('first-member');
    expect(await eligible()).toBe(true);
    await buyer.add(skuId, 1);
    const first = await quote(buyer);
    expect(firstOrderDiscount(first)).toMatchObject({ name: 'First order $5 off', reason: REASON, amount: 500 });
    const placed = await place(buyer, first.total);
    expect(placed.status).toBe(200);
    expect(await discountOf(placed.body.data.order.orderId)).toBe(500);
    expect(await eligible()).toBe(false);
    // The unpaid order keeps its part in the cart: the same cart, quoted again, is past its first order.
    const second = await quote(buyer);
    expect(firstOrderDiscount(second)).toBeUndefined();
    expect(second.pricing.discount).toBe(first.pricing.discount - 500);
    const again = await place(buyer, second.total);
    expect(again.status).toBe(200);
    expect(await discountOf(again.body.data.order.orderId)).toBe(0);
  });

  it('gives it to only one of two first orders a member places at once', async () => {
    const { buyer } = await newMember('first-race');
    await buyer.add(skuId, 1);
    const shown = await quote(buyer);
    expect(firstOrderDiscount(shown)?.amount).toBe(500);
    const results = await Promise.all([place(buyer, shown.total), place(buyer, shown.total)]);
    const placed = results.filter((result) => result.status === 200);
    expect(placed).toHaveLength(1);
    const refused = results.find((result) => result.status !== 200)!;
    expect(refused.status).toBe(409);
    expect([CHECKOUT_MSG.promotionUsedUp, CHECKOUT_MSG.changed]).toContain(refused.body.msg);
    const uses = await env.DB.prepare(
      'SELECT count(*) AS n FROM promotion_usage WHERE promotion_id = ? AND order_id = ?',
    )
      .bind(FIRST_ORDER, placed[0]!.body.data.order.orderId)
      .first<{ n: number }>();
    expect(uses!.n).toBe(1);
  });

  it("refuses at the order step a first-order use that is no longer the shopper's first order", async () => {
    // What a first order placed alongside looks like to the second one's batch: quoted while first, and
    // by the time it writes, another order of the member's is there.
    const { buyer } = await newMember('first-guard');
    const accountId = (await buyer.call<{ accountId: number }>('GET', '/account/buyer/account/current')).body.data
      .accountId;
    await buyer.add(skuId, 1);
    const shown = await quote(buyer);
    await place(buyer, shown.total);
    const use = (orderId: string) => {
      const work = unitOfWork(env.DB);
      promotionUsesInto(work, [{ promotionId: FIRST_ORDER, accountId, email: null, orderId, nowSec: 1 }]);
      return work;
    };
    const failure = await use('ALONGSIDE-1').commit();
    expect(failure).toMatchObject({ ok: false, guard: PROMOTION_GUARD });
    const uses = await env.DB.prepare('SELECT count(*) AS n FROM promotion_usage WHERE order_id = ?')
      .bind('ALONGSIDE-1')
      .first<{ n: number }>();
    expect(uses!.n).toBe(0);
  });

  it("takes $5 off a guest email's first order; that email's second order is re-priced without it", async () => {
    const email = `first-guest-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const guest = shopper();
    await guest.add(skuId, 1);
    const first = await quote(guest);
    expect(firstOrderDiscount(first)?.reason).toBe(REASON);
    const placed = await place(guest, first.total, email);
    expect(placed.status).toBe(200);
    expect(await discountOf(placed.body.data.order.orderId)).toBe(500);

    // Another browser, the same email (in other letters): the quote cannot know the email yet, placing it does.
    const returning = shopper();
    await returning.add(skuId, 1);
    const shown = await quote(returning);
    expect(firstOrderDiscount(shown)?.amount).toBe(500);
    const refused = await place(returning, shown.total, email.toUpperCase());
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(CHECKOUT_MSG.changed);
    const repriced = (refused.body.data as unknown as { total: number }).total;
    expect(repriced).toBeGreaterThan(shown.total);
    const second = await place(returning, repriced, email.toUpperCase());
    expect(second.status).toBe(200);
    expect(await discountOf(second.body.data.order.orderId)).toBe(0);

    // Once the guest has typed the email, the checkout's quote already leaves the offer out.
    const third = shopper();
    await third.add(skuId, 1);
    const priced = (
      await third.call<QuoteAnswer>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK, email })
    ).body.data;
    expect(firstOrderDiscount(priced)).toBeUndefined();
    expect((await place(third, priced.total, email)).status).toBe(200);
  });

  it('gives the offer back when the unpaid first order that used it is cancelled', async () => {
    const { buyer, eligible } = await newMember('first-cancel');
    await buyer.add(skuId, 1);
    const placed = await place(buyer, (await quote(buyer)).total);
    const orderId = placed.body.data.order.orderId;
    expect(await eligible()).toBe(false);
    const cancelled = await buyer.call('POST', '/order/public/requisition/order/cancel', { orderId });
    expect(cancelled.status).toBe(200);
    expect(await eligible()).toBe(true);
    expect(firstOrderDiscount(await quote(buyer))?.amount).toBe(500);
  });

  it('/sign-up-discount shows the seeded offer, and tells a member who has ordered without it', async () => {
    const visitor = await page(`${US_HOST}/sign-up-discount`);
    expect(visitor.html).toMatch(/data-offer-amount[^>]*>\$5 off</);
    expect(visitor.html).toContain('On an order of $25.00 or more.');
    expect(visitor.html).toContain(`First order $5 off: ${REASON}`);
    const headers = bearer(await member(`first-page-${crypto.randomUUID().slice(0, 8)}@example.com`));
    const buyer = shopper(US_HOST, headers);
    await buyer.add(skuId, 1);
    await env.DB.prepare(
      `INSERT INTO orders (id, idempotency_key, account_id, email, market, currency, status, subtotal_cent,
         discount_cent, shipping_cent, shipping_discount_cent, tax_cent, total_cent, shipping_name, address,
         created_at, updated_at)
       SELECT 'EARLIER-' || id, 'earlier-' || id, id, email, 'us', 'USD', 'PROCESSING', 1000, 0, 0, 0, 0, 1000,
         '', '{}', 0, 0
       FROM account WHERE email = ?`,
    )
      .bind((await buyer.call<{ email: string }>('GET', '/account/buyer/account/current')).body.data.email)
      .run();
    const cookie = { cookie: `token=${headers.authorization.slice('Bearer '.length)}` };
    const ordered = await page(`${US_HOST}/sign-up-discount`, { headers: cookie });
    expect(ordered.html).toContain('The first-order discount is for a first order, and your account has placed one');
    expect(firstOrderDiscount(await quote(buyer))).toBeUndefined();
  });

  it('is offered to a visitor by the global coupons under its live name, and not to a member past it', async () => {
    const offers = async (headers: Record<string, string> = {}) =>
      (
        await api<{ kind: string; couponName: string }[]>(`${US_HOST}/promotion/public/promotion/global-coupons`, {
          headers,
        })
      ).body.data;
    expect(await offers()).toContainEqual({ kind: 'guest', couponName: 'First order $5 off' });
    const headers = bearer(await member(`first-coupons-${crypto.randomUUID().slice(0, 8)}@example.com`));
    expect(await offers(headers)).toContainEqual({ kind: 'guest', couponName: 'First order $5 off' });
    const buyer = shopper(US_HOST, headers);
    await buyer.add(skuId, 1);
    await place(buyer, (await quote(buyer)).total);
    expect((await offers(headers)).map((offer) => offer.kind)).not.toContain('guest');
  });
});
