import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_PROVIDER_NAME, SANDBOX_PROVIDER_NAME, offeredMethods } from '../../worker/payments/registry.ts';
import { US } from '../../shared/markets.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST, api, arrive, page } from './helpers.ts';

interface Placed {
  order: { orderId: string };
  orderToken: string | null;
}
interface Result {
  result: string;
  payable: boolean;
  holdExpiresAt: number | null;
  email: string;
  lines: { title: string; quantity: number }[];
  shipTo: { name: string; city: string; region: string; postalCode: string };
}

let skuIds: number[];
beforeAll(async () => {
  await loadPostalCodes();
  skuIds = await checkoutFixture(4);
});

/** A guest's order of one part, awaiting payment: the shopper, the order id and its token. */
async function guestOrder(skuId: number, headers: Record<string, string> = {}) {
  const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp(), ...headers });
  await buyer.add(skuId, 2);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = (
    await buyer.call<Placed>('POST', '/order/public/buyer/order/place', {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email: `guest-${crypto.randomUUID()}@example.com`,
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    })
  ).body.data;
  return { buyer, orderId: placed.order.orderId, token: placed.orderToken };
}

const expireHold = (orderId: string) =>
  env.DB.prepare('UPDATE orders SET hold_expires_at = ?1 WHERE id = ?2')
    .bind(Date.now() - 1000, orderId)
    .run();

describe('an unpaid order can be paid again while its parts are held', () => {
  it('tells the result page the parts, the ship-to, the email, and that it can still be paid', async () => {
    const { buyer, orderId, token } = await guestOrder(skuIds[0]!);
    const query = `orderId=${encodeURIComponent(orderId)}&orderToken=${encodeURIComponent(token!)}`;
    const result = (await buyer.call<Result>('GET', `/order/public/buyer/order/paid/result?${query}`)).body.data;
    expect(result).toMatchObject({ result: 'PENDING', payable: true });
    expect(result.holdExpiresAt).toBeGreaterThan(Date.now());
    expect(result.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(result.shipTo).toMatchObject({ city: NEW_YORK.city, region: NEW_YORK.regionCode });
    expect(result.email).toMatch(/^guest-/);
    await expireHold(orderId);
    const later = (await buyer.call<Result>('GET', `/order/public/buyer/order/paid/result?${query}`)).body.data;
    expect(later).toMatchObject({ payable: false, holdExpiresAt: null });
  });

  it('offers Pay now on tracking opened with the emailed link, never with only the number and email', async () => {
    const { orderId, token } = await guestOrder(skuIds[1]!);
    const linked = await arrive(`${US_HOST}/order/track?${new URLSearchParams({ orderNo: orderId, token: token! })}`);
    expect(linked.landed).toBe(`${US_HOST}/order/track?${new URLSearchParams({ orderNo: orderId })}`);
    expect(linked.html).toContain(`data-pay-again="${orderId}"`);
    expect(linked.html).toContain('Pay now');
    const email = (await env.DB.prepare('SELECT email FROM orders WHERE id = ?').bind(orderId).first<{
      email: string;
    }>())!.email;
    const looked = await page(`${US_HOST}/order/track?${new URLSearchParams({ orderNo: orderId, email })}`);
    // The number and email only have the link to pay emailed to the order's address (issue 36).
    expect(looked.html).toContain('data-unpaid="ask-link"');
    expect(looked.html).not.toContain('data-pay-again');
    await expireHold(orderId);
    const expired = await page(`${US_HOST}/order/track?${new URLSearchParams({ orderNo: orderId })}`, {
      headers: { cookie: linked.cookie },
    });
    expect(expired.html).toContain('data-unpaid="expired"');
    expect(expired.html).not.toContain('data-pay-again');
  });

  it('offers Pay now on a member’s own unpaid order detail', async () => {
    const credentials = bearer(await member(`payer-${crypto.randomUUID()}@example.com`));
    const { orderId } = await guestOrder(skuIds[2]!, credentials);
    const detail = await page(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${orderId}`, {
      headers: credentials,
    });
    expect(detail.status).toBe(200);
    expect(detail.html).toContain(`data-pay-again="${orderId}"`);
  });
});

describe('the payment methods checkout offers', () => {
  it('offers only what a configured provider takes, each method naming its provider', () => {
    expect(offeredMethods({ DB: env.DB }, US)).toEqual([]);
    const secretOnly = offeredMethods({ DB: env.DB, CARD_PROVIDER_SECRET_KEY: 'sk_test_x' }, US);
    expect(secretOnly.map((method) => method.id)).toContain('HOSTED_CARD');
    // The card form needs the provider's browser key as well as its secret one.
    expect(secretOnly.map((method) => method.id)).not.toContain('CARD');
    expect(secretOnly.every((method) => method.provider === CARD_PROVIDER_NAME)).toBe(true);
    const stripe = offeredMethods(
      { DB: env.DB, CARD_PROVIDER_SECRET_KEY: 'sk_test_x', CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_x' },
      US,
    );
    expect(stripe.find((method) => method.id === 'CARD')).toMatchObject({
      label: 'Credit or debit card',
      provider: CARD_PROVIDER_NAME,
    });
    const sandbox = offeredMethods({ DB: env.DB, DEV_TOOLS: 'true' }, US);
    expect(sandbox.every((method) => method.provider === SANDBOX_PROVIDER_NAME)).toBe(true);
    expect(sandbox.find((method) => method.id === 'BNPL')?.provider).toBe(SANDBOX_PROVIDER_NAME);
  });

  it('shows the checkout page the card form and the hosted card page once each', async () => {
    const { html } = await page(`${US_HOST}/checkout`);
    const props = /data-island="CheckoutPage"[^>]*data-props="([^"]*)"/.exec(html)?.[1] ?? html;
    expect(props.split('Credit or debit card (hosted page)').length - 1).toBe(1);
    expect(props.split('Credit or debit card').length - 1).toBe(2);
  });
});

describe('a member’s history holds the orders placed as a guest with their verified email', () => {
  it('claims them when the email is confirmed, not when it is only registered', async () => {
    const email = `later-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
    await buyer.add(skuIds[3]!, 1);
    const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
      .data;
    const placing = await buyer.call<Placed>('POST', '/order/public/buyer/order/place', {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email: email.toUpperCase(),
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    expect(placing.body.success, placing.body.msg).toBe(true);
    const placed = placing.body.data;
    const ownerOf = async () =>
      (await env.DB.prepare('SELECT account_id AS accountId FROM orders WHERE id = ?')
        .bind(placed.order.orderId)
        .first<{ accountId: number | null }>())!.accountId;
    // Registering is not enough: the email is the member's only once confirmed.
    await api(`${US_HOST}/account/public/buyer/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(await ownerOf()).toBeNull();

    const credentials = bearer(await member(email));
    const history = await page(`${US_HOST}/myAccount?type=orderHistory`, { headers: credentials });
    expect(history.html).toContain(placed.order.orderId);
    const detail = await page(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${placed.order.orderId}`, {
      headers: credentials,
    });
    expect(detail.status).toBe(200);
  });
});
