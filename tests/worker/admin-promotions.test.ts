import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer } from '../../shared/cart.ts';
import { PROMOTION_MSG } from '../../shared/promotion-words.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { PROMOTION_EDIT_MSG } from '../../worker/promotions/staff.ts';
import { json } from './account-helpers.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { US_HOST, api, cookiesOf, shop } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;
const BRAKES15 = 1002;

/** A shopper with a cart cookie who adds one sku and enters a code: the code's discount, or the refusal. */
async function cartWithCode(skuId: number, code: string) {
  const jar: Record<string, string> = {};
  const call = async (path: string, body: unknown) => {
    const cookie = Object.values(jar).join('; ');
    const result = await api<CartAnswer>(`${US_HOST}${path}`, json('POST', body, { cookie }));
    for (const [name, line] of Object.entries(cookiesOf(result.response))) jar[name] = line.split(';')[0]!;
    return result;
  };
  await call('/order/public/buyer/cart/v2', { items: [{ skuId, itemCount: 1 }] });
  return call('/order/public/promotion/v2/apply', { code, remove: false });
}

const discountOf = (answer: Awaited<ReturnType<typeof cartWithCode>>) =>
  answer.body.data.detail.pricing.discounts.find((entry) => entry.source === 'PROMOTION_CODE')?.amount;

const page = async (path: string, session: Session) => {
  const response = await shop(`${ADMIN}${path}`, { headers: session.headers, redirect: 'manual' });
  return { status: response.status, html: await response.text() };
};

/** The edit form's fields as BRAKES15 has them, with some changed. */
const brakesForm = (session: Session, changes: Record<string, string> = {}) => ({
  name: '15% off brakes',
  discountValue: '15',
  startsAt: '2026-01-01T00:00',
  endsAt: '2030-01-01T00:00',
  usageLimit: '5000',
  perCustomerLimit: '',
  market: '',
  _csrf: session.csrf,
  ...changes,
});

const audits = (action: string) =>
  env.DB.prepare(
    `SELECT staff_email AS email, record_id AS recordId, before_json AS beforeJson, after_json AS afterJson
     FROM audit_log WHERE action = ? ORDER BY id`,
  )
    .bind(action)
    .all<{ email: string; recordId: string; beforeJson: string; afterJson: string }>();

let brake: { id: number; price: number };
let merchandiser: Session;
beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  await env.DB.prepare('UPDATE promotion SET ends_at = starts_at + 1 WHERE first_order_only = 1').run();
  brake = (await env.DB.prepare(
    `SELECT s.id, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
       JOIN category c ON c.id = i.back_category_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 AND (c.handle = 'brakes'
       OR c.parent_id = (SELECT id FROM category WHERE kind = 'BACK' AND handle = 'brakes'))
     ORDER BY p.discount_price LIMIT 1`,
  ).first<{ id: number; price: number }>())!;
  merchandiser = await staffSession('merchandiser');
});

describe('the promotions list', () => {
  it('shows the seeded promotions with what they give and their status', async () => {
    const { status, html } = await page('/promotions', merchandiser);
    expect(status).toBe(200);
    expect(html).toContain('BRAKES15');
    expect(html).toContain('15% off eligible items (up to $100.00)');
    const row = (id: number) => html.match(new RegExp(`data-promotion="${id}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    expect(row(BRAKES15)).toContain('Running');
    expect(row(1008)).toContain('Ended');
    expect(html).toContain('href="/admin/promotions"');
  });

  it('finds a promotion by its code and filters by status', async () => {
    const found = (await page('/promotions?q=spring1', merchandiser)).html;
    expect(found).toContain('SPRING10');
    expect(found).not.toContain('BRAKES15');
    const ended = (await page('/promotions?status=Ended', merchandiser)).html;
    expect(ended).toContain('SPRING10');
    expect(ended).not.toContain('BRAKES15');
  });

  it('is refused to fulfilment and support (403)', async () => {
    for (const role of ['fulfilment', 'support'] as const) {
      const session = await staffSession(role);
      expect((await page('/promotions', session)).status).toBe(403);
      const posted = await postForm(`/admin/promotions/${BRAKES15}/pause`, { _csrf: session.csrf }, session.headers);
      expect(posted.status).toBe(403);
    }
    expect((await env.DB.prepare('SELECT paused FROM promotion WHERE id = ?').bind(BRAKES15).first())!.paused).toBe(0);
  });

  it('answers 404 for a promotion that does not exist', async () => {
    expect((await page('/promotions/999999', merchandiser)).status).toBe(404);
  });
});

describe('editing a promotion', () => {
  it('saves a new value that the cart then applies, audited with before and after', async () => {
    const edited = await postForm(
      `/admin/promotions/${BRAKES15}`,
      brakesForm(merchandiser, { discountValue: '20' }),
      merchandiser.headers,
    );
    expect(edited.status).toBe(303);
    expect(edited.headers.get('location')).toBe(`/admin/promotions/${BRAKES15}?done=edited`);
    expect((await page(`/promotions/${BRAKES15}?done=edited`, merchandiser)).html).toContain('Changes saved.');
    const applied = await cartWithCode(brake.id, 'BRAKES15');
    expect(discountOf(applied)).toBe(Math.min(Math.round(brake.price * 0.2), 10000));
    const [entry] = (await audits('promotions.edit')).results;
    expect(entry).toMatchObject({ email: merchandiser.staff.email, recordId: `${BRAKES15}` });
    expect(JSON.parse(entry!.beforeJson)).toMatchObject({ discountValue: 15 });
    expect(JSON.parse(entry!.afterJson)).toMatchObject({ discountValue: 20, endsAt: Date.UTC(2030, 0, 1) / 1000 });
  });

  it.each([
    [{ discountValue: '0' }, PROMOTION_EDIT_MSG.percent],
    [{ discountValue: '12.5' }, PROMOTION_EDIT_MSG.percent],
    [{ endsAt: '2025-12-31T00:00' }, PROMOTION_EDIT_MSG.endAfterStart],
    [{ name: ' ' }, PROMOTION_EDIT_MSG.name],
    [{ startsAt: 'soon' }, PROMOTION_EDIT_MSG.date],
  ])('refuses %o with its message at the field (400) and changes nothing', async (changes, message) => {
    const before = await env.DB.prepare('SELECT * FROM promotion WHERE id = ?').bind(BRAKES15).first();
    const response = await postForm(
      `/admin/promotions/${BRAKES15}`,
      brakesForm(merchandiser, changes),
      merchandiser.headers,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await env.DB.prepare('SELECT * FROM promotion WHERE id = ?').bind(BRAKES15).first()).toEqual(before);
  });

  it('refuses a change without the CSRF value', async () => {
    const { _csrf, ...withoutCsrf } = brakesForm(merchandiser, { discountValue: '50' });
    const response = await postForm(`/admin/promotions/${BRAKES15}`, withoutCsrf, merchandiser.headers);
    expect(response.status).toBe(403);
    const row = await env.DB.prepare('SELECT discount_value AS value FROM promotion WHERE id = ?')
      .bind(BRAKES15)
      .first();
    expect(row).toEqual({ value: 20 });
  });
});

describe('pausing a promotion', () => {
  it('stops the cart taking its code until it is resumed, each step audited', async () => {
    const paused = await postForm(
      `/admin/promotions/${BRAKES15}/pause`,
      { _csrf: merchandiser.csrf },
      merchandiser.headers,
    );
    expect(paused.status).toBe(303);
    const detail = (await page(`/promotions/${BRAKES15}?done=paused`, merchandiser)).html;
    expect(detail).toContain('data-status="Paused"');
    expect(detail).toContain('>Resume</button>');
    const refused = await cartWithCode(brake.id, 'BRAKES15');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(PROMOTION_MSG.unknownCode);
    expect((await page('/promotions?status=Paused', merchandiser)).html).toContain('BRAKES15');

    const resumed = await postForm(
      `/admin/promotions/${BRAKES15}/resume`,
      { _csrf: merchandiser.csrf },
      merchandiser.headers,
    );
    expect(resumed.status).toBe(303);
    expect(discountOf(await cartWithCode(brake.id, 'BRAKES15'))).toBeGreaterThan(0);

    const pauses = (await audits('promotions.pause')).results;
    const resumes = (await audits('promotions.resume')).results;
    expect(pauses.map((entry) => [JSON.parse(entry.beforeJson), JSON.parse(entry.afterJson)])).toEqual([
      [{ paused: false }, { paused: true }],
    ]);
    expect(resumes.map((entry) => JSON.parse(entry.afterJson))).toEqual([{ paused: false }]);
  });
});
