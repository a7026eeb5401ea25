import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import { forgetShopSettings } from '../../worker/content/service.ts';
import { placementRepository } from '../../worker/orders/placement-repository.ts';
import { orderRepository } from '../../worker/orders/repository.ts';
import { bearer, member } from './account-helpers.ts';
import { CA_HOST, US_HOST, api, page } from './helpers.ts';

/** The member pages (issue 21 item 4): who may see them, and what they show from the ledger and the settings. */

async function withSettings(change: Record<string, unknown>) {
  await env.SETTINGS.put('shop-settings', JSON.stringify({ ...settings, ...change }));
  forgetShopSettings();
}

afterEach(async () => {
  await withSettings({});
});

/** A new member with `points` adjusted in by the shop: the cookie a browser would send, and the account id. */
async function memberWithPoints(points: number) {
  const token = await member(`pages-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const current = await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, {
    headers: bearer(token),
  });
  const accountId = current.body.data.accountId;
  if (points !== 0)
    await env.DB.prepare(
      `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
       VALUES (?, ?, 'ADJUSTMENT', 'test', ?)`,
    )
      .bind(accountId, points, Date.now())
      .run();
  return { headers: { cookie: `token=${token}` }, accountId };
}

describe('member pages', () => {
  it.each([
    '/myAccount?type=member',
    '/myAccount/member',
    '/myAccount/member/level',
    '/myAccount/member/coupons',
    '/myAccount/member/history',
  ])('%s sends a visitor to /login with the way back', async (path) => {
    const { status, response } = await page(`${US_HOST}${path}`, { redirect: 'manual' });
    expect(status).toBe(302);
    const target = new URL(response.headers.get('location')!, US_HOST);
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('callBackPath')).toBe(path.split('?')[0]);
  });

  it('a member sees their balance and its worth, their level and the latest activity on My points', async () => {
    const { headers } = await memberWithPoints(1250);
    const { status, html } = await page(`${US_HOST}/myAccount?type=member`, { headers });
    expect(status).toBe(200);
    expect(html).toMatch(/data-points-balance="?[^>]*>1250</);
    expect(html).toContain('$12.50');
    expect(html).toMatch(/data-level-name[^>]*>Bronze</);
    expect(html).toContain('to reach Silver');
    expect(html).toMatch(/data-points-log/);
    expect(html).toContain('noindex');
    // No standard header on a member page (§2 Shell behaviour).
    expect(html).not.toContain('data-header="desktop"');
  });

  it('/myAccount/member opens My points for a member', async () => {
    const { headers } = await memberWithPoints(0);
    const { status, response } = await page(`${US_HOST}/myAccount/member`, { headers, redirect: 'manual' });
    expect(status).toBe(302);
    expect(response.headers.get('location')).toBe('/myAccount?type=member');
  });

  it('the history page filters the log by kind', async () => {
    const { headers } = await memberWithPoints(300);
    const all = await page(`${US_HOST}/myAccount/member/history`, { headers });
    expect(all.html).toContain('data-kind="ADJUSTMENT"');
    const earned = await page(`${US_HOST}/myAccount/member/history?kind=EARN`, { headers });
    expect(earned.html).not.toContain('data-kind="ADJUSTMENT"');
    expect(earned.html).toContain('No points activity yet.');
  });

  it('the reward rules are written from the live settings', async () => {
    const before = await page(`${US_HOST}/myAccount/member/rule`);
    expect(before.status).toBe(200);
    expect(before.html).toContain('Points expire 12 months after they were earned');
    await withSettings({
      POINTS_EXPIRY_MONTHS: 18,
      MEMBER_LEVELS: {
        basis: 'POINTS',
        levels: [
          {
            id: 'road',
            name: 'Roadster',
            threshold: 0,
            benefits: { earnRate: 4, freeShippingThresholdCent: null, birthdayPoints: 0, couponIds: [] },
          },
        ],
      },
    });
    const after = await page(`${US_HOST}/myAccount/member/rule`);
    expect(after.html).toContain('Points expire 18 months after they were earned');
    expect(after.html).toContain('Roadster');
    expect(after.html).toMatch(/data-earn-rate[^>]*>4</);
    expect(after.html).not.toContain('Gold');
  });

  it('/sign-up-discount shows the live first-order offer: amount, minimum, who gets it, when it ends', async () => {
    expect((await page(`${US_HOST}/sign-up-discount`)).html).toContain('There is no first-order offer right now.');
    const endsAt = Date.UTC(2099, 0, 15) / 1000;
    await env.DB.prepare(
      `INSERT INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type,
         threshold_value, applies_to, market, starts_at, ends_at, first_order_only)
       VALUES (2101, 'Welcome: 10% off', 'AUTO_DISCOUNT', 'DISCOUNT', 'PERCENT', 10, 'AMOUNT', 4000, 'ALL', NULL,
         unixepoch() - 60, ?, 1)`,
    )
      .bind(endsAt)
      .run();
    const visitor = await page(`${US_HOST}/sign-up-discount`);
    expect(visitor.html).toMatch(/data-offer-amount[^>]*>10% off</);
    expect(visitor.html).toContain('On an order of $40.00 or more.');
    expect(visitor.html).toContain('For members and for guest checkout alike.');
    expect(visitor.html).toContain('Ends Jan 15, 2099.');
    expect(visitor.html).toContain('Create an account');
    // The Canadian site gives the same offer in its own currency.
    expect((await page(`${CA_HOST}/sign-up-discount`)).html).toContain('On an order of CA$40.00 or more.');

    const { headers, accountId } = await memberWithPoints(0);
    expect((await page(`${US_HOST}/sign-up-discount`, { headers })).html).toContain(
      'Your account can use this offer on your first order.',
    );
    await env.DB.prepare('UPDATE account SET use_first_discount = 1 WHERE id = ?').bind(accountId).run();
    const used = await page(`${US_HOST}/sign-up-discount`, { headers });
    expect(used.html).toContain('You&#x27;ve already used your first-order discount.');
    expect(used.html).not.toContain('Create an account');

    await env.DB.prepare('UPDATE promotion SET ends_at = unixepoch() - 1 WHERE id = 2101').run();
    expect((await page(`${US_HOST}/sign-up-discount`)).html).toContain('There is no first-order offer right now.');
  });
});

describe('the order detail’s points (issue 21 item 5)', () => {
  /** A paid order of the member's: $50.00 of parts, 250 points ($2.50) used, `earned` points earned. */
  async function paidOrder(id: string, accountId: number, email: string, used: number, earned: number) {
    const totals = { subtotalCent: 5000, discountCent: 0, shippingCent: 999, shippingDiscountCent: 0, taxCent: 0 };
    await orderRepository(env.DB).run(
      placementRepository(env.DB).insertStatements(
        {
          id,
          idempotencyKey: `key-${id}`,
          accountId,
          email,
          market: 'us',
          currency: 'USD',
          status: 'PROCESSING',
          ...totals,
          pointsUsed: used,
          pointsCent: used,
          totalCent: 5999 - used,
          shippingName: 'Standard Shipping',
          address: JSON.stringify({
            market: 'us',
            firstName: 'Dana',
            lastName: 'Reyes',
            phone: '6145550100',
            addressLine1: '12 Elm St',
            addressLine2: null,
            city: 'Columbus',
            regionCode: 'OH',
            postalCode: '43215',
          }),
          paymentMethod: 'CARD',
          cartUuid: null,
          holdExpiresAt: null,
          createdAt: Date.now(),
        },
        [
          {
            lineNo: 1,
            skuId: 11,
            itemId: 7,
            title: 'Ceramic brake pads',
            partNumber: 'BP-200',
            imageUrl: null,
            urlHandle: null,
            itemType: 'NORMAL',
            bundleId: null,
            quantity: 1,
            unitCent: 5000,
            discountCent: 0,
            totalCent: 5000,
          },
        ],
        [],
        [],
      ),
    );
    await env.DB.prepare('UPDATE orders SET points_earned = ? WHERE id = ?').bind(earned, id).run();
  }

  it('shows "Points earned: N" and "Points used: N ($X)" when the order has them, and neither when not', async () => {
    const email = `detail-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const token = await member(email);
    const headers = { cookie: `token=${token}` };
    const { accountId } = (
      await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) })
    ).body.data;
    await paidOrder('US-PTS1', accountId, email, 250, 47);
    await paidOrder('US-PTS2', accountId, email, 0, 0);
    // The page's HTML without React's text separators, so sentences read as on screen.
    const detail = async (id: string) =>
      (await page(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${id}`, { headers })).html.replace(
        /<!-- -->/g,
        '',
      );

    const withPoints = await detail('US-PTS1');
    expect(withPoints).toMatch(/data-points-earned[^>]*>Points earned: 47</);
    expect(withPoints).toMatch(/data-points-used[^>]*>Points used: 250 \(\$2\.50\)</);
    const without = await detail('US-PTS2');
    expect(without).toContain('<h1>Order US-PTS2</h1>');
    expect(without).not.toContain('data-order-points');
  });
});
