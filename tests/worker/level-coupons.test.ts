import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { bearer, json, member } from './account-helpers.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { US_HOST, api, page } from './helpers.ts';

/** Level coupons (issue 21 item 2): a member claims their level's coupons, and only theirs. */

const GOLD_COUPON = 1014;
const CLAIM = `${US_HOST}/promotion/public/promotion/claim`;

interface HeldCoupon {
  promotionId: number;
  memberCouponId: number | null;
  name: string;
  state: string;
  reason: string;
}

/** A new member: their token and account id. */
async function newMember(prefix: string) {
  const token = await member(`${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const current = await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, {
    headers: bearer(token),
  });
  return { token, accountId: current.body.data.accountId };
}

/** A paid order of `partsCent` of parts, as the order step leaves it once paid: it counts towards the level. */
async function paidOrder(accountId: number, partsCent: number) {
  const id = `LC-${crypto.randomUUID().slice(0, 12)}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO orders (id, idempotency_key, account_id, email, market, currency, status, subtotal_cent,
       discount_cent, shipping_cent, shipping_discount_cent, tax_cent, total_cent, shipping_name, address, paid_at,
       created_at, updated_at)
     VALUES (?1, ?1, ?2, 'coupons@example.com', 'us', 'USD', 'PROCESSING', ?3, 0, 0, 0, 0, ?3, 'Standard Shipping',
       '{}', ?4, ?4, ?4)`,
  )
    .bind(id, accountId, partsCent, now)
    .run();
}

/** A member who has spent $800 on parts in the last 12 months: Gold. */
async function goldMember() {
  const gold = await newMember('gold');
  await paidOrder(gold.accountId, 80_000);
  return gold;
}

const claim = (token: string | null, promotionId: number) =>
  api<HeldCoupon>(CLAIM, json('POST', { promotionId }, token ? bearer(token) : {}));

/** The level's card on /myAccount/member/level, as the member sees it. */
async function levelCard(token: string, levelId: string): Promise<string> {
  const { status, html } = await page(`${US_HOST}/myAccount/member/level`, { headers: { cookie: `token=${token}` } });
  expect(status).toBe(200);
  const start = html.indexOf(`data-level="${levelId}"`);
  expect(start).toBeGreaterThan(-1);
  const next = html.indexOf('data-level="', start + 1);
  return html.slice(start, next === -1 ? html.indexOf('</ol>', start) : next);
}

beforeAll(async () => {
  await runSqlFile(seedSql);
});

describe('POST /promotion/public/promotion/claim', () => {
  it('answers 401 without a token', async () => {
    expect((await claim(null, GOLD_COUPON)).status).toBe(401);
  });

  it("puts the Gold coupon in a Gold member's wallet, once", async () => {
    const { token } = await goldMember();
    const claimed = await claim(token, GOLD_COUPON);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({
      promotionId: GOLD_COUPON,
      name: 'Gold members: $15 off $100',
      state: 'AVAILABLE',
    });
    const wallet = await api<HeldCoupon[]>(`${US_HOST}/promotion/public/promotion/calculator/discount/member`, {
      headers: bearer(token),
    });
    expect(wallet.body.data.map((coupon) => coupon.promotionId)).toContain(GOLD_COUPON);

    const again = await claim(token, GOLD_COUPON);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This coupon is already in your account.');
  });

  it('refuses the Gold coupon to a Bronze member, naming the level it is for', async () => {
    const { token } = await newMember('bronze');
    const refused = await claim(token, GOLD_COUPON);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This coupon is for Gold members.');
  });

  it('answers 404 for a coupon that does not exist and 400 for an id that is not one', async () => {
    const { token } = await goldMember();
    expect((await claim(token, 999_999)).status).toBe(404);
    expect((await api(CLAIM, json('POST', { promotionId: 'gold' }, bearer(token)))).status).toBe(400);
  });

  it('is listed in /openapi.json', async () => {
    const spec = await api<never>(`${US_HOST}/openapi.json`);
    expect(JSON.stringify(spec.body)).toContain('/promotion/public/promotion/claim');
  });
});

describe('the level benefits page', () => {
  it('shows a Gold member their coupon with Claim, and In your wallet once claimed', async () => {
    const { token } = await goldMember();
    const gold = await levelCard(token, 'gold');
    expect(gold).toContain(`data-level-coupon="${GOLD_COUPON}"`);
    expect(gold).toContain('Gold members: $15 off $100');
    expect(gold).toContain('$15.00 off');
    expect(gold).toMatch(/<button[^>]*>Claim<\/button>/);
    expect(await levelCard(token, 'silver')).toContain('For Silver members');

    await claim(token, GOLD_COUPON);
    const claimed = await levelCard(token, 'gold');
    expect(claimed).not.toMatch(/>Claim</);
    expect(claimed).toContain('In your wallet');
  });

  it('shows a Bronze member the Gold coupon as For Gold members, without Claim', async () => {
    const { token } = await newMember('bronze-page');
    const gold = await levelCard(token, 'gold');
    expect(gold).toContain('Gold members: $15 off $100');
    expect(gold).toContain('For Gold members');
    expect(gold).not.toMatch(/>Claim</);
  });
});
