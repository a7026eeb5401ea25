import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index.ts';
import { PAY_LINK_RULE } from '../../worker/flows/pay-link.ts';
import { PAY_LINK_MSG } from '../../worker/storefront/order-pay.pages.tsx';
import { freshIp } from './account-helpers.ts';
import { moveOrderTo } from './order-status-setup.ts';
import { NEW_YORK, checkoutFixture, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { mailTo } from './fulfilment-helpers.ts';
import { US_HOST, arrive, page, shop } from './helpers.ts';

/**
 * Issue 36, item 4: an unpaid or declined order is never a dead end. It is emailed a link to pay it when it is
 * placed, again when its payment is declined and before its hold ends (each once), and tracking by number and
 * email offers to email that link instead of pointing at an email that never came.
 */

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
let skuIds: number[];
beforeAll(async () => {
  await loadPostalCodes();
  skuIds = await checkoutFixture(6);
});

async function placeGuestOrder(skuId: number, paymentMethod = 'CARD', retries = 1) {
  const email = `later-${crypto.randomUUID()}@example.com`;
  const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const body = {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    email,
    address: NEW_YORK,
    paymentMethod,
    expectedTotal: quote.total,
  };
  // A double click or a retried request: the same placement several times at once.
  const answers = await Promise.all(
    Array.from({ length: retries }, () =>
      buyer.call<{ order: { orderId: string }; orderToken: string }>('POST', '/order/public/buyer/order/place', body),
    ),
  );
  const placed = answers.find((answer) => answer.body.success)!.body.data;
  return { buyer, email, orderId: placed.order.orderId, token: placed.orderToken };
}

const subjects = async (email: string) => (await mailTo(email)).map((mail) => mail.subject);

async function runCron(at = Date.now()) {
  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '*/5 * * * *' }), env as never, context);
  await waitOnExecutionContext(context);
}

const askPayLink = (orderNo: string, email: string) =>
  page(`${US_HOST}/order/track/pay-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': freshIp() },
    body: new URLSearchParams({ orderNo, email }),
  });

describe('an unpaid order is emailed the link to pay it', () => {
  it('once when it is placed, however often the placement is retried at once', async () => {
    const order = await placeGuestOrder(skuIds[0]!, 'CARD', 5);
    expect(await subjects(order.email)).toEqual([`Your order ${order.orderId} is waiting for its payment`]);
    const [mail] = await mailTo(order.email);
    expect(mail!.text).toContain(`${env.US_ORIGIN}/order/pay?orderId=${order.orderId}&token=`);
    expect(mail!.text).toMatch(/held for you for \d+ minutes more/);
  });

  it('whose page pays it: the link opens /order/pay with the methods to pay, the token kept in a cookie', async () => {
    const order = await placeGuestOrder(skuIds[1]!);
    const link = /\/order\/pay\?\S+/.exec((await mailTo(order.email))[0]!.text)![0];
    const opened = await arrive(`${US_HOST}${link}`);
    expect(opened.landed).toBe(`${US_HOST}/order/pay?orderId=${order.orderId}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(`data-pay-again="${order.orderId}"`);
    expect(opened.html).toContain('<meta name="robots" content="noindex"');
    // Once its hold ends, the same page says so instead of offering to pay.
    await env.DB.prepare('UPDATE orders SET hold_expires_at = ?1 WHERE id = ?2')
      .bind(Date.now() - 1000, order.orderId)
      .run();
    const expired = await page(opened.landed, { headers: { cookie: opened.cookie } });
    expect(expired.html).toContain('data-unpaid="expired"');
    expect(expired.html).not.toContain('data-pay-again');
  });

  it('again once when its payment is declined, with the way to pay another way', async () => {
    const order = await placeGuestOrder(skuIds[2]!, 'HOSTED_CARD');
    const started = (
      await order.buyer.call<{ url: string }>('POST', '/order/public/payment/', {
        orderId: order.orderId,
        email: order.email,
        orderToken: order.token,
        paymentType: 'HOSTED_CARD',
      })
    ).body.data;
    const decline = () =>
      shop(`${started.url}/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
        body: new URLSearchParams({ cardNumber: '4000000000001001', expiry: FUTURE, cvc: '123' }).toString(),
      });
    await Promise.all([decline(), decline()]);
    const declined = `Your payment for order ${order.orderId} did not go through`;
    for (let attempt = 0; attempt < 100 && !(await subjects(order.email)).includes(declined); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const sent = await subjects(order.email);
    expect(sent.filter((subject) => subject === declined)).toHaveLength(1);
    const mail = (await mailTo(order.email)).find((message) => message.subject === declined)!;
    expect(mail.text).toContain('Nothing was charged');
    expect(mail.text).toContain(`/order/pay?orderId=${order.orderId}&token=`);
  });

  it('and reminded once before its hold ends, however many cron runs overlap', async () => {
    const order = await placeGuestOrder(skuIds[3]!);
    const now = Date.now();
    await env.DB.prepare('UPDATE orders SET hold_expires_at = ?1, created_at = ?2 WHERE id = ?3')
      .bind(now + 10 * 60_000, now - 20 * 60_000, order.orderId)
      .run();
    await Promise.all([runCron(now), runCron(now), runCron(now)]);
    await runCron(now + 60_000);
    const reminder = `Your order ${order.orderId} will be cancelled soon`;
    expect((await subjects(order.email)).filter((subject) => subject === reminder)).toHaveLength(1);
  });
});

describe('tracking an unpaid order by number and email', () => {
  it('offers to email the link to pay, and sends it to the order’s own address only', async () => {
    const order = await placeGuestOrder(skuIds[4]!);
    const tracked = await page(
      `${US_HOST}/order/track?${new URLSearchParams({ orderNo: order.orderId, email: order.email })}`,
      { headers: { 'cf-connecting-ip': freshIp() } },
    );
    expect(tracked.html).toContain('data-unpaid="ask-link"');
    expect(tracked.html).toContain('Pay for this order');
    expect(tracked.html).not.toContain('Open the link in your order confirmation email');
    expect(tracked.html).not.toContain('data-pay-again');

    const wrong = await askPayLink(order.orderId, 'someone-else@example.com');
    expect(wrong.status).toBe(404);
    const asked = await askPayLink(order.orderId, order.email.toUpperCase());
    expect(asked.status).toBe(200);
    expect(asked.html).toContain(PAY_LINK_MSG.sent);
    const again = (await mailTo(order.email)).filter((mail) => mail.subject === `Pay for your order ${order.orderId}`);
    expect(again).toHaveLength(1);
    expect(again[0]!.text).toContain(`/order/pay?orderId=${order.orderId}&token=`);
  });

  it(`sends at most ${PAY_LINK_RULE.limit} links an hour when 30 ask at once, and none for a paid order`, async () => {
    const order = await placeGuestOrder(skuIds[5]!);
    const answers = await Promise.all(Array.from({ length: 30 }, () => askPayLink(order.orderId, order.email)));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    const sent = (await mailTo(order.email)).filter((mail) => mail.subject === `Pay for your order ${order.orderId}`);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(PAY_LINK_RULE.limit);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(sent.length);

    const paid = await placeGuestOrder(skuIds[0]!);
    await moveOrderTo(paid.orderId, 'PROCESSING');
    const refused = await askPayLink(paid.orderId, paid.email);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(PAY_LINK_MSG.notPayable);
  });
});
