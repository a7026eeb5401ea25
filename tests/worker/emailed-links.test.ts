import { env } from 'cloudflare:test';
import { signInvitation } from '../../worker/reviews/service.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, json, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST, api, arrive, shop } from './helpers.ts';

/**
 * Issue 35, finding 1: a credential in an emailed link never stays in an address a script, a tracker, the
 * referrer or the history can read. Each link's page answers a 303 to itself without it, keeping it in an
 * HttpOnly cookie, before any page (and so any script) is served; the page's calls then read the cookie.
 */

/** The newest link of this kind emailed to an address, as the shop's own path and query. */
async function emailedLink(to: string, kind: string): Promise<string> {
  const row = await env.DB.prepare(
    'SELECT text_body FROM email_outbox WHERE to_address = ? AND kind = ? ORDER BY id DESC LIMIT 1',
  )
    .bind(to, kind)
    .first<{ text_body: string }>();
  const url = row?.text_body.match(/https?:\/\/\S+[?&](?:token|orderToken)=\S+/)?.[0];
  if (!url) throw new Error(`no ${kind} link emailed to ${to}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** A fresh address, short enough for the shop's email rules. */
const freshEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const credentialOf = (path: string) => {
  const query = new URL(path, US_HOST).searchParams;
  return (query.get('token') ?? query.get('orderToken'))!;
};

/** Opens the link as a browser does and checks the exchange: the answer, its cookie, the page it lands on. */
async function opensWithoutCredential(path: string, init: RequestInit = {}) {
  const credential = credentialOf(path);
  expect(credential.length).toBeGreaterThan(10);
  const landed = await arrive(`${US_HOST}${path}`, init);
  const { exchange } = landed;
  expect(exchange.status).toBe(303);
  expect(exchange.headers.get('location')).not.toContain(encodeURIComponent(credential));
  expect(exchange.headers.get('location')).not.toMatch(/[?&](token|orderToken)=/);
  expect(exchange.headers.get('referrer-policy')).toBe('no-referrer');
  expect(exchange.headers.get('cache-control')).toBe('no-store');
  const [cookie] = exchange.headers.getSetCookie().filter((line) => line.includes(encodeURIComponent(credential)));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(landed.landed).not.toContain(credential);
  expect(landed.html).not.toContain(credential);
  expect(landed.html).not.toContain(encodeURIComponent(credential));
  return landed;
}

let skuIds: number[];
beforeAll(async () => {
  await loadPostalCodes();
  skuIds = await checkoutFixture(3);
});

async function guestOrder(skuId: number) {
  const email = freshEmail('lorder');
  const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
    'POST',
    '/order/public/buyer/order/place',
    {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email,
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    },
  );
  return { email, orderId: placed.body.data.order.orderId, token: placed.body.data.orderToken };
}

describe('emailed account links leave no credential in the address', () => {
  it('the password reset link lands on /retrievePassword, and the reset reads the cookie once', async () => {
    const email = freshEmail('lreset');
    await member(email);
    await api(`${US_HOST}/account/public/buyer/forget-password/init`, json('PUT', { email }));
    const landed = await opensWithoutCredential(await emailedLink(email, 'reset-password'));
    expect(landed.landed).toBe(`${US_HOST}/retrievePassword`);
    expect(landed.html).toContain('Choose a new password');
    const reset = () =>
      api<{ accountToken: string }>(
        `${US_HOST}/account/public/buyer/forget-password/reset`,
        json('PUT', { password: 'a brand new password' }, { cookie: landed.cookie }),
      );
    const done = await reset();
    expect(done.body.success).toBe(true);
    // Used up: its cookie is cleared, and the token itself no longer works.
    expect(done.response.headers.getSetCookie().some((line) => /^link_reset=;/.test(line))).toBe(true);
    expect((await reset()).body.success).toBe(false);
  });

  it('the confirmation link lands on /signUpResult, and confirming reads the cookie', async () => {
    const email = freshEmail('lverify');
    await api(`${US_HOST}/account/public/buyer/register`, json('POST', { email, password: 'a good password' }));
    const landed = await opensWithoutCredential(await emailedLink(email, 'verify-email'));
    expect(landed.landed).toBe(`${US_HOST}/signUpResult`);
    expect(landed.html).toContain('&quot;linked&quot;:true');
    const confirmed = await api<{ accountToken: string }>(
      `${US_HOST}/account/public/buyer/email-verify`,
      json('POST', {}, { cookie: landed.cookie }),
    );
    expect(confirmed.body.success).toBe(true);
    expect(confirmed.body.data.accountToken).toBeTruthy();
  });

  it('the change-email link leaves the address before the sign-in page could carry it along', async () => {
    const email = freshEmail('lchange');
    const session = await member(email);
    const newEmail = freshEmail('lmoved');
    await api(
      `${US_HOST}/account/buyer/account/change-email-init`,
      json('PUT', { newEmail, password: 'correct horse battery' }, bearer(session)),
    );
    const path = await emailedLink(newEmail, 'change-email');
    const first = await shop(`${US_HOST}${path}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/myAccount');
    // Signed out, the page then asks to sign in: the callback carries no token either.
    const next = await shop(`${US_HOST}/myAccount`, { redirect: 'manual' });
    expect(next.headers.get('location')).not.toContain(credentialOf(path));
  });
});

describe('emailed order links leave no credential in the address', () => {
  it("the pay link lands on /order/pay?orderId=…, which opens the guest's order from its cookie", async () => {
    const order = await guestOrder(skuIds[0]!);
    const landed = await opensWithoutCredential(await emailedLink(order.email, 'order-payment-link'));
    expect(landed.landed).toBe(`${US_HOST}/order/pay?orderId=${order.orderId}`);
    expect(landed.status).toBe(200);
    expect(landed.html).toContain('Pay for order');
    expect(landed.html).toContain(`data-pay-again="${order.orderId}"`);
    // The cookie opens this order only, not another guest's.
    const other = await guestOrder(skuIds[1]!);
    const refused = await shop(`${US_HOST}/order/pay?orderId=${other.orderId}`, {
      headers: { cookie: landed.cookie },
      redirect: 'manual',
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toContain('/login');
  });

  it("the order's tracking and invoice links land without the token and still open the order", async () => {
    const order = await guestOrder(skuIds[2]!);
    const track = `/order/track?${new URLSearchParams({ orderNo: order.orderId, token: order.token })}`;
    const tracked = await opensWithoutCredential(track);
    expect(tracked.landed).toBe(`${US_HOST}/order/track?orderNo=${order.orderId}`);
    expect(tracked.html).toContain(`data-pay-again="${order.orderId}"`);
    const invoice = `/printInvoice?${new URLSearchParams({ orderId: order.orderId, token: order.token })}`;
    const printed = await opensWithoutCredential(invoice, { headers: { 'cf-connecting-ip': freshIp() } });
    expect(printed.status).toBe(200);
    expect(printed.html).toContain(NEW_YORK.addressLine1);
  });

  it('a token for no order number, or an over-long one, leaves the address too, and keeps nothing', async () => {
    for (const [orderNo, token] of [
      ['US NOPE!', '1.forged-token-that-is-long-enough'],
      ['US-NOPE', 'x'.repeat(5000)],
    ] as const) {
      const first = await shop(`${US_HOST}/order/track?${new URLSearchParams({ orderNo, token })}`, {
        redirect: 'manual',
      });
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe(`/order/track?${new URLSearchParams({ orderNo })}`);
      expect(first.headers.getSetCookie().filter((line) => line.startsWith('order_access_'))).toEqual([]);
    }
  });
});

describe('the review invitation leaves no credential in the address', () => {
  it('lands on the product page without it, and the review it opens is a verified purchase', async () => {
    const item = (await env.DB.prepare(
      `SELECT i.id, s.url_handle AS handle FROM item i
         JOIN seo s ON s.type = 'ITEM' AND s.target_id = i.id AND s.is_primary = 1 AND s.active = 1
       WHERE i.us_status = 'ON_SHELVES' ORDER BY i.id DESC LIMIT 1`,
    ).first<{ id: number; handle: string }>())!;
    const reviewer = { email: freshEmail('lreview'), market: 'us' as const };
    const { token } = await signInvitation(item.id, env.AUTH_SECRET, Date.now(), reviewer);
    const path = `/product/${item.handle}?${new URLSearchParams({ invitation: token })}`;
    const first = await shop(`${US_HOST}${path}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/product/${item.handle}`);
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith(`review_invitation_${item.id}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    const landed = await shop(`${US_HOST}/product/${item.handle}`, { headers: { cookie: cookie.split(';')[0]! } });
    const html = await landed.text();
    expect(landed.status).toBe(200);
    expect(html).not.toContain(token);
    const added = await api<{ id: number }>(
      `${US_HOST}/item/public/buyer/review`,
      json(
        'POST',
        {
          itemId: item.id,
          rating: 5,
          title: 'Fits and works',
          content: 'Fitted it on a Saturday morning without trouble.',
          name: 'Pat',
        },
        { cookie: cookie.split(';')[0]! },
      ),
    );
    expect(added.body.success).toBe(true);
    const stored = await env.DB.prepare('SELECT verified_purchase AS verified FROM review WHERE id = ?')
      .bind(added.body.data.id)
      .first<{ verified: number }>();
    expect(stored?.verified).toBe(1);
  });
});

describe('pages keep the referrer from third parties', () => {
  it('answers every page with a Referrer-Policy that sends no path or query to another site', async () => {
    const home = await shop(`${US_HOST}/`);
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
