import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer } from '../../shared/cart.ts';
import { PROMOTION_MSG } from '../../shared/promotion-words.ts';
import { BATCH_MSG } from '../../worker/promotions/staff.ts';
import { unitOfWork } from '../../worker/platform/unit-of-work.ts';
import { PROMOTION_GUARD, promotionUsesInto } from '../../worker/promotions/writers.ts';
import { json } from './account-helpers.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api, cookiesOf, shop } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

/** A new shopper's cart with one sku and the code entered: the code's discount and why it was refused. */
async function tryCode(skuId: number, code: string) {
  const jar: Record<string, string> = {};
  const call = async (path: string, body: unknown) => {
    const cookie = Object.values(jar).join('; ');
    const result = await api<CartAnswer>(`${US_HOST}${path}`, json('POST', body, { cookie }));
    for (const [name, line] of Object.entries(cookiesOf(result.response))) jar[name] = line.split(';')[0]!;
    return result.body;
  };
  await call('/order/public/buyer/cart/v2', { items: [{ skuId, itemCount: 1 }] });
  // A code the cart cannot take is refused with its reason; one it keeps but cannot apply is listed as rejected.
  const answer = await call('/order/public/promotion/v2/apply', { code, remove: false });
  const pricing = answer.data?.detail.pricing;
  return {
    discount: pricing?.discounts.find((entry) => entry.source === 'PROMOTION_CODE')?.amount ?? 0,
    refused: pricing ? pricing.rejected.map((entry) => entry.reason) : [answer.msg],
  };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
let merchandiser: Session;
let sku: { id: number; price: number };

/** A $10-off code promotion (or, without a code, an automatic one) made through the console; its id. */
async function codePromotion(code: string, source = 'PROMOTION_CODE'): Promise<number> {
  await postForm(
    '/admin/promotions/new',
    {
      _csrf: merchandiser.csrf,
      _key: crypto.randomUUID(),
      name: `Partner ${code}`,
      source,
      code: source === 'PROMOTION_CODE' ? code : '',
      discountType: 'FIXED_AMOUNT',
      discountValue: '10',
      maxDiscount: '',
      thresholdType: 'NO_THRESHOLD',
      thresholdValue: '',
      categories: '',
      market: '',
      startsAt: iso(Date.now() - 3_600_000),
      endsAt: iso(Date.now() + 30 * 86_400_000),
      usageLimit: '',
      perCustomerLimit: '',
    },
    merchandiser.headers,
  );
  const name = `Partner ${code}`;
  return (await env.DB.prepare('SELECT id FROM promotion WHERE name = ?').bind(name).first<{ id: number }>())!.id;
}

const makeCodes = (id: number, fields: Record<string, string>, session = merchandiser) =>
  postForm(
    `/admin/promotions/${id}/codes`,
    { _csrf: session.csrf, _key: crypto.randomUUID(), ...fields },
    session.headers,
  );

async function codesOf(id: number): Promise<{ code: string; used: string; order: string }[]> {
  const response = await shop(`${ADMIN}/promotions/${id}/codes.csv`, { headers: merchandiser.headers });
  expect(response.headers.get('content-type')).toContain('text/csv');
  const [header, ...rows] = (await response.text()).trim().split('\n');
  expect(header).toBe('code,used,order,created');
  return rows.map((row) => {
    const [code, used, order] = row.split(',');
    return { code: code!, used: used!, order: order! };
  });
}

const childId = async (code: string) =>
  (await env.DB.prepare('SELECT id FROM promotion WHERE code = ?').bind(code).first<{ id: number }>())!.id;

/** Records one use of a promotion by an order, as placing the order does. */
const useIn = (promotionId: number, orderId: string) => {
  const work = unitOfWork(env.DB);
  const email = `${orderId}@example.com`;
  promotionUsesInto(work, [{ promotionId, accountId: null, email, orderId, nowSec: Math.floor(Date.now() / 1000) }]);
  return work.run();
};

beforeAll(async () => {
  await loadCatalogFixture();
  sku = (await env.DB.prepare(
    `SELECT s.id, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
       JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 5 AND p.discount_price > 2000 ORDER BY s.id LIMIT 1`,
  ).first<{ id: number; price: number }>())!;
  merchandiser = await staffSession('merchandiser');
});

describe('batches of single-use codes', () => {
  it('makes codes that each take the discount once; a used one is refused with the usage-limit message', async () => {
    const parent = await codePromotion('PARTNER');
    const made = await makeCodes(parent, { count: '5', prefix: 'win' });
    expect(made.status).toBe(303);
    const codes = await codesOf(parent);
    expect(codes).toHaveLength(5);
    expect(new Set(codes.map((entry) => entry.code)).size).toBe(5);
    for (const entry of codes) expect(entry.code).toMatch(/^WIN-[A-Z2-9]{8}$/);

    const [first, second] = codes;
    expect((await tryCode(sku.id, first!.code.toLowerCase())).discount).toBe(1000);
    await useIn(await childId(first!.code), 'O-BATCH-1');
    const again = await tryCode(sku.id, first!.code);
    expect(again.discount).toBe(0);
    expect(again.refused).toContain(PROMOTION_MSG.usageLimit('code'));
    expect((await tryCode(sku.id, second!.code)).discount).toBe(1000);

    const after = await codesOf(parent);
    expect(after.find((entry) => entry.code === first!.code)).toMatchObject({ used: 'yes', order: 'O-BATCH-1' });
    const page = await (await shop(`${ADMIN}/promotions/${parent}`, { headers: merchandiser.headers })).text();
    expect(page).toContain('5 codes, 1 used.');
    const list = await (await shop(`${ADMIN}/promotions?q=PARTNER`, { headers: merchandiser.headers })).text();
    expect(list.match(/data-promotion="/g)).toHaveLength(1);
  });

  it('lets only one of two orders racing for the same code use it', async () => {
    const parent = await codePromotion('RACECODES');
    await makeCodes(parent, { count: '1', prefix: '' });
    const [only] = await codesOf(parent);
    const id = await childId(only!.code);
    const outcomes = await Promise.allSettled([useIn(id, 'O-RACE-A'), useIn(id, 'O-RACE-B')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ guard: PROMOTION_GUARD });
  });

  it('makes one batch when the form is sent twice at once', async () => {
    const parent = await codePromotion('DOUBLEBATCH');
    const fields = { _csrf: merchandiser.csrf, _key: crypto.randomUUID(), count: '3', prefix: 'DB' };
    const answers = await Promise.all([
      postForm(`/admin/promotions/${parent}/codes`, fields, merchandiser.headers),
      postForm(`/admin/promotions/${parent}/codes`, fields, merchandiser.headers),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await codesOf(parent)).toHaveLength(3);
  });

  it('takes the promotion’s edits and pause to its codes', async () => {
    const parent = await codePromotion('EDITME');
    await makeCodes(parent, { count: '2', prefix: 'ED' });
    const [code] = await codesOf(parent);
    const edited = await postForm(
      `/admin/promotions/${parent}`,
      {
        _csrf: merchandiser.csrf,
        name: 'Partner EDITME',
        discountValue: '15',
        thresholdValue: '0',
        startsAt: iso(Date.now() - 3_600_000),
        endsAt: iso(Date.now() + 86_400_000),
        usageLimit: '',
        perCustomerLimit: '',
        market: '',
      },
      merchandiser.headers,
    );
    expect(edited.status).toBe(303);
    expect((await tryCode(sku.id, code!.code)).discount).toBe(1500);
    await postForm(`/admin/promotions/${parent}/pause`, { _csrf: merchandiser.csrf }, merchandiser.headers);
    expect((await tryCode(sku.id, code!.code)).discount).toBe(0);
    await postForm(`/admin/promotions/${parent}/resume`, { _csrf: merchandiser.csrf }, merchandiser.headers);
    expect((await tryCode(sku.id, code!.code)).discount).toBe(1500);
  });

  it('refuses a bad count, a batch of an automatic promotion, and support staff', async () => {
    const parent = await codePromotion('BADBATCH');
    const bad = await makeCodes(parent, { count: '5000', prefix: 'TOO-LONG-PREFIX' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain(BATCH_MSG.count);
    expect(html).toContain(BATCH_MSG.prefix);
    const automatic = await codePromotion('AUTOMATIC', 'AUTO_DISCOUNT');
    const refused = await makeCodes(automatic, { count: '2', prefix: '' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(BATCH_MSG.notCode);
    const support = await staffSession('support');
    expect((await makeCodes(parent, { count: '2', prefix: '' }, support)).status).toBe(403);
    expect(await codesOf(parent)).toHaveLength(0);
  });
});
