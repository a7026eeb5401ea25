import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer } from '../../shared/cart.ts';
import { PROMOTION_EDIT_MSG } from '../../worker/promotions/admin.ts';
import { PREVIEW_MSG, PROMOTION_CREATE_MSG } from '../../worker/promotions/staff.ts';
import { json } from './account-helpers.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api, cookiesOf, shop } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

/** A shopper's new cart with one sku and a code entered: the cart's answer. */
async function cartWithCode(skuId: number, code: string) {
  const jar: Record<string, string> = {};
  const call = async (path: string, body: unknown) => {
    const cookie = Object.values(jar).join('; ');
    const result = await api<CartAnswer>(`${US_HOST}${path}`, json('POST', body, { cookie }));
    for (const [name, line] of Object.entries(cookiesOf(result.response))) jar[name] = line.split(';')[0]!;
    return result;
  };
  await call('/order/public/buyer/cart/v2', { items: [{ skuId, itemCount: 1 }] });
  return (await call('/order/public/promotion/v2/apply', { code, remove: false })).body.data;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** A create form: a code for 20 % off brake parts, running now, with some fields changed. */
const createForm = (session: Session, changes: Record<string, string> = {}) => ({
  _csrf: session.csrf,
  _key: crypto.randomUUID(),
  name: 'Winter brakes 20% off',
  source: 'PROMOTION_CODE',
  code: 'WINTERBRAKES',
  discountType: 'PERCENT',
  discountValue: '20',
  maxDiscount: '',
  thresholdType: 'NO_THRESHOLD',
  thresholdValue: '',
  categories: 'brakes',
  addOns: '',
  giftPart: '',
  giftQuantity: '1',
  market: '',
  startsAt: iso(Date.now() - 3_600_000),
  endsAt: iso(Date.now() + 30 * 86_400_000),
  usageLimit: '100',
  perCustomerLimit: '1',
  ...changes,
});

const promotionByName = (name: string) =>
  env.DB.prepare('SELECT id, code, applies_to AS appliesTo, member_only AS memberOnly FROM promotion WHERE name = ?')
    .bind(name)
    .all<{ id: number; code: string | null; appliesTo: string; memberOnly: number }>();

let brake: { id: number; partNumber: string; price: number };
let other: { id: number; partNumber: string };
let merchandiser: Session;
beforeAll(async () => {
  await loadCatalogFixture();
  const brakeParts =
    "(c.handle = 'brakes' OR c.parent_id = (SELECT id FROM category WHERE kind = 'BACK' AND handle = 'brakes'))";
  const sku = (where: string) =>
    env.DB.prepare(
      `SELECT s.id, s.part_number AS partNumber, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
         JOIN category c ON c.id = i.back_category_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
       WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 5 AND ${where} ORDER BY s.id LIMIT 1`,
    ).first<{ id: number; partNumber: string; price: number }>();
  brake = (await sku(brakeParts))!;
  other = (await sku(`NOT ${brakeParts}`))!;
  merchandiser = await staffSession('merchandiser');
});

describe('creating a promotion in the back office', () => {
  it('creates a code for some categories that a shopper’s cart then accepts, audited', async () => {
    const response = await postForm('/admin/promotions/new', createForm(merchandiser), merchandiser.headers);
    expect(response.status).toBe(303);
    const { results } = await promotionByName('Winter brakes 20% off');
    expect(results).toHaveLength(1);
    expect(response.headers.get('location')).toBe(`/admin/promotions/${results[0]!.id}?done=created`);
    expect(results[0]).toMatchObject({ code: 'WINTERBRAKES', appliesTo: 'SELECTED' });

    const cart = await cartWithCode(brake.id, 'winterbrakes');
    const discount = cart.detail.pricing.discounts.find((entry) => entry.source === 'PROMOTION_CODE');
    expect(discount?.amount).toBe(Math.round(brake.price * 0.2));
    const elsewhere = await cartWithCode(other.id, 'WINTERBRAKES');
    expect(elsewhere.detail.pricing.rejected.map((entry) => entry.reason)).toContain(
      'This code does not apply to any item in your cart.',
    );

    const audit = await env.DB.prepare(
      "SELECT record_id AS id, after_json AS after FROM audit_log WHERE action = 'promotions.create'",
    ).first<{ id: string; after: string }>();
    expect(audit?.id).toBe(String(results[0]!.id));
    expect(JSON.parse(audit!.after)).toMatchObject({ code: 'WINTERBRAKES', categories: ['brakes'] });
  });

  it('creates one promotion when the form is sent twice at once (a double click)', async () => {
    const form = createForm(merchandiser, { name: 'Double click', code: 'DOUBLECLICK' });
    const answers = await Promise.all([
      postForm('/admin/promotions/new', form, merchandiser.headers),
      postForm('/admin/promotions/new', form, merchandiser.headers),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    const { results } = await promotionByName('Double click');
    expect(results).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.headers.get('location')))).toEqual(
      new Set([`/admin/promotions/${results[0]!.id}?done=created`]),
    );
  });

  it('gives two staff creating the same code at once one promotion and one message', async () => {
    const answers = await Promise.all(
      ['Race one', 'Race two'].map((name) =>
        postForm('/admin/promotions/new', createForm(merchandiser, { name, code: 'RACE-CODE' }), merchandiser.headers),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    const refused = await answers.find((answer) => answer.status === 400)!.text();
    expect(refused).toContain(PROMOTION_CREATE_MSG.codeTaken);
    const { results } = await env.DB.prepare("SELECT id FROM promotion WHERE code = 'RACE-CODE'").all();
    expect(results).toHaveLength(1);
  });

  it('refuses a bad form with a message at each field and creates nothing', async () => {
    const response = await postForm(
      '/admin/promotions/new',
      createForm(merchandiser, {
        name: 'Bad one',
        code: 'x',
        discountValue: '120',
        categories: 'brakes no-such-category',
        endsAt: iso(Date.now() - 86_400_000 * 2),
      }),
      merchandiser.headers,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(PROMOTION_CREATE_MSG.code);
    expect(html).toContain(PROMOTION_EDIT_MSG.percent);
    expect(html).toContain(PROMOTION_EDIT_MSG.endAfterStart);
    expect((await promotionByName('Bad one')).results).toHaveLength(0);

    const unknown = await postForm(
      '/admin/promotions/new',
      createForm(merchandiser, { name: 'Bad two', code: 'BADTWO', categories: 'brakes no-such-category' }),
      merchandiser.headers,
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(PROMOTION_CREATE_MSG.unknownCategories(['no-such-category']));
  });

  it('is refused to support staff, and without the form’s CSRF value', async () => {
    const support = await staffSession('support');
    const refused = await postForm(
      '/admin/promotions/new',
      createForm(support, { name: 'Support try', code: 'SUPPORT' }),
      support.headers,
    );
    expect(refused.status).toBe(403);
    const forged = await postForm(
      '/admin/promotions/new',
      { ...createForm(merchandiser, { name: 'Forged', code: 'FORGED' }), _csrf: 'wrong' },
      merchandiser.headers,
    );
    expect(forged.status).toBe(403);
    expect((await promotionByName('Support try')).results).toHaveLength(0);
    expect((await promotionByName('Forged')).results).toHaveLength(0);
  });
});

describe('creating add-on offers and gifts', () => {
  /** A shopper's cart with one sku: its pricing. */
  async function cartOf(skuId: number) {
    const answer = await api<CartAnswer>(
      `${US_HOST}/order/public/buyer/cart/v2`,
      json('POST', { items: [{ skuId, itemCount: 1 }] }),
    );
    return answer.body.data.detail.pricing;
  }

  it('offers the add-on part at its percent off once the cart has the qualifying part', async () => {
    const response = await postForm(
      '/admin/promotions/new',
      createForm(merchandiser, {
        name: 'Add a second part',
        source: 'AUTO_DISCOUNT',
        code: '',
        discountType: 'ADD_ON',
        discountValue: '',
        addOns: `${other.partNumber} 40% max 2`,
      }),
      merchandiser.headers,
    );
    expect(response.status).toBe(303);
    const pricing = await cartOf(brake.id);
    const offer = pricing.exchangeOffers.find((entry) => entry.name === 'Add a second part');
    expect(offer?.qualifies).toBe(true);
    const addOn = pricing.addOnItems.find((item) => item.skuId === other.id);
    expect(addOn).toBeDefined();
    expect(addOn!.price).toBe(addOn!.originalPrice - Math.round(addOn!.originalPrice * 0.4));
  });

  it('gives the free gift with a qualifying cart', async () => {
    const response = await postForm(
      '/admin/promotions/new',
      createForm(merchandiser, {
        name: 'Free gift with brakes',
        source: 'AUTO_DISCOUNT',
        code: '',
        discountType: 'GIFT',
        discountValue: '',
        giftPart: other.partNumber,
        giftQuantity: '1',
      }),
      merchandiser.headers,
    );
    expect(response.status).toBe(303);
    const pricing = await cartOf(brake.id);
    expect(pricing.giveaways.find((gift) => gift.name === 'Free gift with brakes')).toMatchObject({
      skuId: other.id,
      quantity: 1,
    });
  });

  it('refuses add-ons over 60 % off and parts that do not exist', async () => {
    const tooMuch = await postForm(
      '/admin/promotions/new',
      createForm(merchandiser, {
        name: 'Too generous',
        code: 'GENEROUS',
        discountType: 'ADD_ON',
        addOns: `${other.partNumber} 70%`,
      }),
      merchandiser.headers,
    );
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain('percent off up to 60%');
    const unknown = await postForm(
      '/admin/promotions/new',
      createForm(merchandiser, {
        name: 'No such gift',
        code: 'NOGIFT',
        discountType: 'GIFT',
        giftPart: 'NO-SUCH-PART',
      }),
      merchandiser.headers,
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(PROMOTION_CREATE_MSG.unknownParts(['NO-SUCH-PART']));
    expect((await promotionByName('Too generous')).results).toHaveLength(0);
    expect((await promotionByName('No such gift')).results).toHaveLength(0);
  });
});

describe('previewing a promotion with a sample cart', () => {
  const preview = async (id: number, lines: string, extra = '') => {
    const query = `preview=1&market=us&lines=${encodeURIComponent(lines)}${extra}`;
    const response = await shop(`${ADMIN}/promotions/${id}?${query}`, { headers: merchandiser.headers });
    return { status: response.status, html: await response.text() };
  };

  it('shows the discount a cart of the scoped parts gets, and why another cart gets nothing', async () => {
    await postForm(
      '/admin/promotions/new',
      createForm(merchandiser, { name: 'Preview me', code: 'PREVIEWME' }),
      merchandiser.headers,
    );
    const [created] = (await promotionByName('Preview me')).results;
    const fits = await preview(created!.id, `${brake.partNumber} 2`);
    expect(fits.status).toBe(200);
    expect(fits.html).toContain('data-preview-adjustment');
    const off = Math.round(brake.price * 2 * 0.2);
    expect(fits.html).toContain(`-$${(off / 100).toFixed(2)}`);

    const nothing = await preview(created!.id, other.partNumber);
    expect(nothing.html).toContain('data-preview-none');
    expect(nothing.html).toContain('This code does not apply to any item in your cart.');
  });

  it('says which part numbers do not exist, and what a sample line must look like', async () => {
    const [created] = (await promotionByName('Winter brakes 20% off')).results;
    const unknown = await preview(created!.id, 'NO-SUCH-PART 1');
    expect(unknown.html).toContain(PREVIEW_MSG.unknownParts(['NO-SUCH-PART']));
    const bad = await preview(created!.id, `${brake.partNumber} 500`);
    expect(bad.html).toContain(PREVIEW_MSG.lines.replace(/"/g, '&quot;'));
  });
});
