import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../shared/staff-permissions.ts';
import { ACCOUNT_MSG } from '../../worker/accounts/service.ts';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { bearer, json } from './account-helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, api, shop } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

const PASSWORD = 'correct horse battery'; // account-helpers' member() password
let support: Session;
let owner: Session;
let member: { id: number; email: string; token: string; orderId: string };

const page = async (path: string, session: Session = support) => {
  const response = await shop(`${US_HOST}${path}`, { headers: session.headers, redirect: 'manual' });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
};
const customerPath = (id = member.id) => `/admin/customers/${id}`;
const balanceOf = async (id = member.id) =>
  Number((await page(customerPath(id))).html.match(/Balance: (-?\d+) points/)?.[1]);
const adjust = (points: string, reason: string, key: string = crypto.randomUUID(), session: Session = support) =>
  postForm(`${customerPath()}/points`, { points, reason, idempotencyKey: key, _csrf: session.csrf }, session.headers);
const auditCount = async (action: string) =>
  (await page('/admin/audit', owner)).html.split(`data-action="${action}"`).length - 1;
const signIn = (email: string) =>
  api<{ accountToken: string }>(`${US_HOST}/account/public/buyer/login`, json('POST', { email, password: PASSWORD }));
const me = (token: string) => api(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) });

beforeAll(async () => {
  const [skuId] = await checkoutFixture(1);
  const placed = await placedMemberOrder(skuId!, 'cu');
  await markOrderPaid(env.DB, placed.orderId, Date.now()); // the member earns points on it
  const order = await env.DB.prepare('SELECT account_id AS id, email FROM orders WHERE id = ?')
    .bind(placed.orderId)
    .first<{ id: number; email: string }>();
  const token = placed.credentials.authorization.slice('Bearer '.length);
  member = { ...order!, token, orderId: placed.orderId };
  const address = { market: 'us', firstName: 'Priya', lastName: 'Raman', phone: '6145550199' };
  const saved = await api(
    `${US_HOST}/account/buyer/current/address`,
    json(
      'POST',
      { ...address, addressLine1: '1200 Commerce Pkwy', city: 'Columbus', regionCode: 'OH', postalCode: '43215' },
      bearer(token),
    ),
  );
  expect(saved.body.success).toBe(true);
  const engine = await env.DB.prepare('SELECT id FROM vehicle_node WHERE level = 5 ORDER BY id LIMIT 1').first<{
    id: number;
  }>();
  const garage = await api(
    `${US_HOST}/account/buyer/current/garage-vehicle`,
    json('POST', { attributeValueId: engine!.id }, bearer(token)),
  );
  expect(garage.body.success).toBe(true);
  [support, owner] = await Promise.all([staffSession('support'), staffSession('owner')]);
});

describe('who may look after customers', () => {
  const calls: [string, (s: Session) => Promise<Response>][] = [
    ['GET /admin/customers', (s) => shop(`${ADMIN}/customers`, { headers: s.headers, redirect: 'manual' })],
    ['GET /admin/customers/:id', (s) => shop(`${ADMIN}/customers/${member.id}`, { headers: s.headers })],
    ['POST points', (s) => adjust('5', 'Permission check', crypto.randomUUID(), s)],
    [
      'POST resend-confirmation',
      (s) => postForm(`${customerPath()}/resend-confirmation`, { _csrf: s.csrf }, s.headers),
    ],
    ['POST block', (s) => postForm(`${customerPath()}/block`, { _csrf: s.csrf }, s.headers)],
    ['POST unblock', (s) => postForm(`${customerPath()}/unblock`, { _csrf: s.csrf }, s.headers)],
  ];

  for (const role of ['fulfilment', 'merchandiser'] as StaffRole[]) {
    it(`refuses ${role} every customers page and action (403), changing nothing`, async () => {
      const session = await staffSession(role);
      const before = await balanceOf();
      for (const [name, call] of calls) {
        const response = await call(session);
        expect(response.status, name).toBe(403);
        expect(await response.text(), name).toContain('403 Forbidden');
      }
      expect(await balanceOf()).toBe(before);
      expect((await me(member.token)).status).toBe(200); // not blocked
    });
  }

  it('lets support and owner open the list and the member page', async () => {
    for (const session of [support, owner]) {
      expect((await page('/admin/customers', session)).status).toBe(200);
      expect((await page(customerPath(), session)).status).toBe(200);
    }
  });

  it('refuses a form without the session CSRF value (403) and changes nothing', async () => {
    const before = await balanceOf();
    const fields = { points: '100', reason: 'No CSRF', idempotencyKey: crypto.randomUUID() };
    expect((await postForm(`${customerPath()}/points`, fields, support.headers)).status).toBe(403);
    expect((await postForm(`${customerPath()}/block`, {}, support.headers)).status).toBe(403);
    expect(await balanceOf()).toBe(before);
    expect((await me(member.token)).status).toBe(200);
  });
});

describe('finding a customer', () => {
  it('finds a member by email and by a name in their address book, with orders, points and state', async () => {
    for (const q of [member.email, member.email.slice(0, 12).toUpperCase(), 'priya raman', 'Raman']) {
      const { html } = await page(`/admin/customers?q=${encodeURIComponent(q)}`);
      expect(html, q).toContain(`data-customer="${member.email}"`);
    }
    const { html } = await page(`/admin/customers?q=${encodeURIComponent(member.email)}`);
    const row = html.slice(html.indexOf(`data-customer="${member.email}"`));
    expect(row).toMatch(/<td>US<\/td><td>\d{4}-\d\d-\d\d<\/td><td class="num">1<\/td><td class="num">[1-9]\d*<\/td>/);
    expect(row).toContain('Active');
    expect(html).toContain('>1 customer<');
  });

  it('finds nobody for text that matches no one, and treats odd pages as the first', async () => {
    const { status, html } = await page('/admin/customers?q=nobody-like-this%25_&page=-3');
    expect(status).toBe(200);
    expect(html).toContain('No customers match.');
  });
});

describe('the member page', () => {
  it("shows the member's orders, addresses, garage and points ledger", async () => {
    const { status, html } = await page(customerPath());
    expect(status).toBe(200);
    expect(html).toContain(`href="/admin/orders/${member.orderId}"`);
    expect(html).toContain('Priya Raman, 1200 Commerce Pkwy, Columbus, OH 43215, US');
    const garage = html.slice(html.indexOf('aria-label="Garage"'));
    expect(garage).toMatch(/<li>\d{4} \S+/);
    const ledger = html.slice(html.indexOf('aria-label="Points ledger"'));
    expect(ledger).toContain('Earned on an order');
    expect(ledger).toContain(`href="/admin/orders/${member.orderId}"`);
  });

  it('answers 404 for a customer that does not exist', async () => {
    expect((await page('/admin/customers/999999')).status).toBe(404);
    expect((await page('/admin/customers/abc')).status).toBe(404);
  });
});

describe('adjusting points', () => {
  it('adds points with a reason: in the ledger, newest first, and in the audit log', async () => {
    const before = await balanceOf();
    const audits = await auditCount('customer.adjustPoints');
    const response = await adjust('+250', 'Goodwill for a late parcel');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${customerPath()}?done=points`);
    const { html } = await page(response.headers.get('location')!);
    expect(html).toContain('Points adjusted.');
    expect(await balanceOf()).toBe(before + 250);
    const ledger = html.slice(html.indexOf('aria-label="Points ledger"'));
    const body = ledger.indexOf('<tbody>');
    const firstRow = ledger.slice(body, ledger.indexOf('</tr>', body));
    expect(firstRow).toContain('+250');
    expect(firstRow).toContain('Goodwill for a late parcel');
    expect(await auditCount('customer.adjustPoints')).toBe(audits + 1);
    expect((await page('/admin/audit', owner)).html).toContain('Goodwill for a late parcel');
  });

  it('never takes the balance below zero, and says so', async () => {
    const balance = await balanceOf();
    const audits = await auditCount('customer.adjustPoints');
    const response = await adjust(String(-(balance + 1)), 'Too much');
    const html = await response.text();
    expect(response.status).toBe(409);
    expect(html).toContain(`The balance is ${balance} points: taking ${balance + 1} would bring it below zero.`);
    expect(await balanceOf()).toBe(balance);
    expect(await auditCount('customer.adjustPoints')).toBe(audits);
  });

  it('refuses one of two adjustments at once that together would go below zero', async () => {
    const balance = await balanceOf();
    const take = Math.floor(balance / 2) + 1; // either alone fits, both do not
    const answers = await Promise.all([adjust(`-${take}`, 'Race one'), adjust(`-${take}`, 'Race two')]);
    expect(answers.map((response) => response.status).sort()).toEqual([303, 409]);
    expect(await balanceOf()).toBe(balance - take);
  });

  it('applies a repeated post with the same idempotency key once', async () => {
    const balance = await balanceOf();
    const audits = await auditCount('customer.adjustPoints');
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([adjust('40', 'Double click', key), adjust('40', 'Double click', key)]);
    const third = await adjust('40', 'Double click', key);
    const places = [first, second, third].map((response) => response.headers.get('location'));
    expect(places.filter((place) => place?.endsWith('done=points'))).toHaveLength(1);
    expect(places.filter((place) => place?.endsWith('done=repeated'))).toHaveLength(2);
    expect(await balanceOf()).toBe(balance + 40);
    expect(await auditCount('customer.adjustPoints')).toBe(audits + 1);
    expect((await page(places.find((place) => place?.endsWith('repeated'))!)).html).toContain('applied once');
  });

  it('asks for a signed whole number, a reason of up to 200 characters and the form key', async () => {
    const balance = await balanceOf();
    const cases: [string, string, string | undefined, string][] = [
      ['abc', 'Reason', undefined, 'Please enter a whole number of points'],
      ['0', 'Reason', undefined, 'Please enter a whole number of points'],
      ['1.5', 'Reason', undefined, 'Please enter a whole number of points'],
      ['10', '   ', undefined, 'Please give a reason (up to 200 characters).'],
      ['10', 'x'.repeat(201), undefined, 'Please give a reason (up to 200 characters).'],
      ['10', 'Reason', '', 'This form has expired.'],
    ];
    for (const [points, reason, key, message] of cases) {
      const response = await adjust(points, reason, key ?? crypto.randomUUID());
      expect(response.status, points).toBe(400);
      expect(await response.text(), points).toContain(message);
    }
    expect((await adjust('10', 'x'.repeat(200))).status).toBe(303);
    expect(await balanceOf()).toBe(balance + 10);
  });
});

describe('blocking an account', () => {
  it('ends the member sessions and refuses their sign-in with a clear message; unblocking restores it', async () => {
    expect((await me(member.token)).status).toBe(200);
    expect((await signIn(member.email)).status).toBe(200);
    const blocks = await auditCount('customer.block');
    const blocked = await postForm(`${customerPath()}/block`, { _csrf: support.csrf }, support.headers);
    expect(blocked.headers.get('location')).toBe(`${customerPath()}?done=blocked`);
    expect(await auditCount('customer.block')).toBe(blocks + 1);
    expect((await me(member.token)).status).toBe(401);
    const refused = await signIn(member.email);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(ACCOUNT_MSG.blocked);
    const listed = await page(`/admin/customers?q=${encodeURIComponent(member.email)}`);
    expect(listed.html).toContain('Blocked');

    const again = await postForm(`${customerPath()}/block`, { _csrf: support.csrf }, support.headers);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This account is already blocked.');
    expect(await auditCount('customer.block')).toBe(blocks + 1);

    const unblocked = await postForm(`${customerPath()}/unblock`, { _csrf: owner.csrf }, owner.headers);
    expect(unblocked.headers.get('location')).toBe(`${customerPath()}?done=unblocked`);
    expect(await auditCount('customer.unblock')).toBe(1);
    const back = await signIn(member.email);
    expect(back.status).toBe(200);
    expect((await me(back.body.data.accountToken)).status).toBe(200);
  });
});

describe('resending the confirmation email', () => {
  const outbox = (email: string) =>
    env.DB.prepare(`SELECT text_body AS body FROM email_outbox WHERE to_address = ? AND kind = 'verify-email'`)
      .bind(email)
      .all<{ body: string }>();
  const accountId = async (email: string) =>
    (await env.DB.prepare('SELECT id FROM account WHERE email = ?').bind(email).first<{ id: number }>())!.id;

  it("resends the link of an unconfirmed account, to the member's market's own origin, audited", async () => {
    const email = `unconfirmed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await api(`${CA_HOST}/account/public/buyer/register`, json('POST', { email, password: PASSWORD }));
    expect((await outbox(email)).results).toHaveLength(1);
    const id = await accountId(email);
    expect((await page(customerPath(id))).html).toContain('Resend confirmation email');
    const response = await postForm(
      `/admin/customers/${id}/resend-confirmation`,
      { _csrf: support.csrf },
      support.headers,
    );
    expect(response.headers.get('location')).toBe(`/admin/customers/${id}?done=confirmation`);
    const sent = (await outbox(email)).results;
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toContain(`${env.CA_ORIGIN}/signUpResult?token=`);
    expect(await auditCount('customer.resendConfirmation')).toBe(1);
  });

  it('says there is nothing to resend for a confirmed account, and sends nothing', async () => {
    const response = await postForm(`${customerPath()}/resend-confirmation`, { _csrf: support.csrf }, support.headers);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('already confirmed their email address');
    expect((await outbox(member.email)).results).toHaveLength(1);
  });
});
