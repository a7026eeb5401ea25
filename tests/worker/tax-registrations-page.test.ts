import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { TAX_NOTE } from '../../shared/tax-registrations.ts';
import { forgetShopSettings } from '../../worker/content/service.ts';
import { changeRegistration, REGISTRATION_MSG, registrationShown } from '../../worker/tax/staff.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { checkoutFixture, shopper } from './checkout-helpers.ts';
import { shop, US_HOST } from './helpers.ts';
import { DENVER, loadTaxPlaces } from './tax-helpers.ts';

/**
 * The registrations page (issue 39): owners say where the shop collects sales tax; checkout charges
 * it there at once and nowhere else. Every change is audited in its own batch; a bad entry is
 * refused with its reason and kept in the form; two owners saving at once lose nothing.
 */

type Session = Awaited<ReturnType<typeof staffSession>>;
const PAGE = '/admin/tax/registrations';
const QUOTE = '/order/public/buyer/checkout/quote';
const today = () => new Date().toISOString().slice(0, 10);

let owner: Session;
let skuId: number;

beforeAll(async () => {
  [skuId] = (await checkoutFixture(1)) as [number];
  await loadTaxPlaces();
  owner = await staffSession('owner');
});

const stored = async () =>
  JSON.parse((await env.SETTINGS.get(KV_KEY.shopSettings, 'text')) ?? '{}').TAX_REGISTRATIONS as {
    us: Record<string, { number: string; since: string }>;
    ca: Record<string, { number: string; since: string }>;
    revision?: number;
  };

const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, '');

/** What the page shows of a registration now, as its form posts it back. */
async function shownNow(market: 'us' | 'ca', key: string): Promise<string> {
  const registration = (await stored())[market][key];
  return registrationShown(registration);
}

function post(session: Session, fields: Record<string, string>) {
  return postForm(PAGE, { _csrf: session.csrf, op: 'save', market: 'us', shown: '', ...fields }, session.headers);
}

/** A member's checkout quote for one part to the address. */
async function quoteTo(address: Record<string, string>) {
  const buyer = shopper(US_HOST, {
    ...bearer(await member(`reg-${crypto.randomUUID().slice(0, 8)}@example.com`)),
    'cf-connecting-ip': freshIp(),
  });
  await buyer.add(skuId, 1);
  const answer = await buyer.call<{ tax: number; taxes: { name: string }[]; taxNote: string | null }>('POST', QUOTE, {
    address,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

const auditRows = async (recordId: string) =>
  (
    await env.DB.prepare(
      `SELECT staff_email AS email, before_json AS before, after_json AS after FROM audit_log
       WHERE action = 'tax.registrations' AND record_id = ? ORDER BY id`,
    )
      .bind(recordId)
      .all<{ email: string; before: string | null; after: string | null }>()
  ).results;

describe('the registrations page', () => {
  it("lists each market's registrations with their numbers and days, for owners only", async () => {
    const response = await shop(`${ADMIN}/tax/registrations`, { headers: owner.headers });
    expect(response.status).toBe(200);
    const text = await html(response);
    expect(text).toContain('Sales tax registrations');
    expect(text).toContain('data-registration="us:OH"');
    expect(text).toContain('value="98765432"');
    expect(text).toContain('data-registration="ca:PST-BC"');
    expect(text).toContain('href="/admin/tax/registrations"');
    for (const role of ['fulfilment', 'support', 'merchandiser'] as const) {
      const other = await staffSession(role);
      const page = await shop(`${ADMIN}/tax/registrations`, { headers: other.headers });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('Your role does not allow this.');
      const refused = await post(other, { key: 'CO', number: '12345', since: '2025-01-01' });
      expect(refused.status).toBe(403);
      expect((await shop(`${ADMIN}`, { headers: other.headers }).then(html)).includes('>Sales tax<')).toBe(false);
    }
    expect((await stored()).us.CO).toBeUndefined();
  });

  it('sends a visitor without a staff session to sign in, and refuses their form', async () => {
    const page = await shop(`${ADMIN}/tax/registrations`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/admin/sign-in');
    const form = await postForm(PAGE, { op: 'save', market: 'us', key: 'CO', number: '1', since: '2025-01-01' });
    expect(form.status).toBe(401);
    expect((await stored()).us.CO).toBeUndefined();
  });

  it('refuses a form without the session’s CSRF value', async () => {
    const response = await postForm(
      PAGE,
      { op: 'save', market: 'us', key: 'CO', number: '1', since: '2025-01-01', shown: '' },
      owner.headers,
    );
    expect(response.status).toBe(403);
    expect((await stored()).us.CO).toBeUndefined();
  });

  it('charges tax at checkout in a state once it is registered, and none again once removed, audited', async () => {
    const before = await quoteTo(DENVER);
    expect(before.tax).toBe(0);
    expect(before.taxNote).toBe(TAX_NOTE.notCollected('Colorado'));

    const added = await post(owner, { key: 'CO', number: '0123-4567-890', since: '2025-03-01' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${PAGE}?done=saved&market=us&key=CO`);
    expect((await stored()).us.CO).toEqual({ number: '0123-4567-890', since: '2025-03-01' });
    const notice = await html(await shop(`${US_HOST}${added.headers.get('location')}`, { headers: owner.headers }));
    expect(notice).toContain(REGISTRATION_MSG.saved('Colorado'));

    const taxed = await quoteTo(DENVER);
    expect(taxed.tax).toBeGreaterThan(0);
    expect(taxed.taxes.map((tax) => tax.name)).toEqual(['Colorado state tax']);
    expect(taxed.taxNote).toBeNull();

    const removed = await post(owner, { op: 'remove', key: 'CO', shown: await shownNow('us', 'CO') });
    expect(removed.status).toBe(303);
    expect((await stored()).us.CO).toBeUndefined();
    const after = await quoteTo(DENVER);
    expect(after.tax).toBe(0);
    expect(after.taxNote).toBe(TAX_NOTE.notCollected('Colorado'));

    const audit = await auditRows('us:CO');
    expect(audit.map((row) => [row.email, JSON.parse(row.before ?? 'null'), JSON.parse(row.after ?? 'null')])).toEqual([
      [owner.staff.email, null, { number: '0123-4567-890', since: '2025-03-01' }],
      [owner.staff.email, { number: '0123-4567-890', since: '2025-03-01' }, null],
    ]);
    // The other registrations were kept, in the page's order.
    expect(Object.keys((await stored()).us)).toEqual(['CA', 'FL', 'GA', 'IL', 'NJ', 'NY', 'OH', 'PA', 'TX', 'WA']);
    expect(Object.keys((await stored()).ca)).toEqual(['GST/HST', 'QST', 'PST-BC', 'PST-MB', 'PST-SK']);
  });

  it('refuses a bad number, a day that is not one or lies ahead, and an unknown state, keeping the entry', async () => {
    const before = JSON.stringify(await stored());
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: { fields: Record<string, string>; message: string }[] = [
      { fields: { key: 'CO', number: '=HYPERLINK("x")', since: '2025-01-01' }, message: REGISTRATION_MSG.number },
      { fields: { key: 'CO', number: '', since: '2025-01-01' }, message: REGISTRATION_MSG.number },
      { fields: { key: 'CO', number: '12345', since: '2025-02-30' }, message: REGISTRATION_MSG.since },
      { fields: { key: 'CO', number: '12345', since: tomorrow }, message: REGISTRATION_MSG.future },
      { fields: { key: 'ZZ', number: '12345', since: '2025-01-01' }, message: REGISTRATION_MSG.key },
      { fields: { market: 'mx', key: 'CO', number: '12345', since: '2025-01-01' }, message: REGISTRATION_MSG.market },
    ];
    for (const { fields, message } of cases) {
      const response = await post(owner, fields);
      expect(response.status, message).toBe(400);
      const text = await html(response);
      expect(text).toContain(message.replaceAll("'", '&#x27;'));
      if (fields.number && fields.market !== 'mx')
        expect(text).toContain(`value="${fields.number.replaceAll('"', '&quot;')}"`);
    }
    expect(JSON.stringify(await stored())).toBe(before);
    const edits = await env.DB.prepare(`SELECT count(*) AS n FROM tax_registration_edit`).first<{ n: number }>();
    expect(edits!.n).toBe(2); // the two of the test before, nothing more
    expect(today() < tomorrow).toBe(true);
  });

  it('never overwrites a change made since the page was opened: the entry is kept, the saved one shown', async () => {
    const shown = await shownNow('us', 'OH');
    const first = await post(owner, { key: 'OH', number: '98765432-A', since: '2024-01-01', shown });
    expect(first.status).toBe(303);
    const stale = await post(owner, { key: 'OH', number: '11111111', since: '2024-02-01', shown });
    expect(stale.status).toBe(409);
    const text = await html(stale);
    expect(text).toContain(REGISTRATION_MSG.changed('Ohio').replaceAll("'", '&#x27;'));
    expect(text).toContain('value="11111111"');
    expect(text).toContain('Saved now: 98765432-A, in effect since 2024-01-01.');
    expect((await stored()).us.OH).toEqual({ number: '98765432-A', since: '2024-01-01' });
  });

  it('keeps both changes when two owners save different states at the same moment', async () => {
    const other = await staffSession('owner');
    const [a, b] = await Promise.all([
      post(owner, { key: 'AZ', number: 'AZ-1', since: '2025-01-01' }),
      post(other, { key: 'NV', number: 'NV-2', since: '2025-01-01' }),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    const now = await stored();
    expect(now.us.AZ).toEqual({ number: 'AZ-1', since: '2025-01-01' });
    expect(now.us.NV).toEqual({ number: 'NV-2', since: '2025-01-01' });
    expect((await auditRows('us:AZ')).length).toBe(1);
    expect((await auditRows('us:NV')).length).toBe(1);
    const { revisions } = (await env.DB.prepare(
      `SELECT group_concat(revision) AS revisions FROM (SELECT revision FROM tax_registration_edit ORDER BY revision)`,
    ).first<{ revisions: string }>())!;
    expect(now.revision).toBe(Number(revisions.split(',').at(-1)));
  });

  it('lets one of two owners changing the same registration at once win, and tells the other', async () => {
    const other = await staffSession('owner');
    const shown = await shownNow('us', 'TX');
    const both = await Promise.all([
      post(owner, { key: 'TX', number: 'TX-A', since: '2025-01-01', shown }),
      post(other, { key: 'TX', number: 'TX-B', since: '2025-01-01', shown }),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([303, 409]);
    const winner = both[0]!.status === 303 ? 'TX-A' : 'TX-B';
    expect((await stored()).us.TX).toEqual({ number: winner, since: '2025-01-01' });
    expect((await auditRows('us:TX')).length).toBe(1);
  });

  it('keeps a change whose write to the settings failed, and publishes it when the page is opened', async () => {
    const failingKv = {
      get: (key: string, type: 'text') => env.SETTINGS.get(key, type),
      put: async () => {
        throw new Error('KV is unavailable');
      },
    } as unknown as KVNamespace;
    const saved = await changeRegistration(
      { db: env.DB, kv: failingKv, now: Date.now(), staffId: null },
      { op: 'save', market: 'us', key: 'KS', number: 'KS-77', since: '2025-06-01', shown: '' },
      (audited) => ({ ...testAudit('tax.registrations', 'us:KS'), recordType: 'tax_registration', ...audited }),
    );
    expect(saved).toMatchObject({ ok: true, done: 'saved' });
    expect((await stored()).us.KS).toBeUndefined();
    expect((await shop(`${ADMIN}/tax/registrations`, { headers: owner.headers })).status).toBe(200);
    expect((await stored()).us.KS).toEqual({ number: 'KS-77', since: '2025-06-01' });
  });

  it('publishes the registrations again when the settings fell behind their newest change', async () => {
    const settings = JSON.parse((await env.SETTINGS.get(KV_KEY.shopSettings, 'text')) ?? '{}');
    const newest = await stored();
    // The settings written again from the seed (a deploy): Colorado's removal and the rest are lost there.
    await env.SETTINGS.put(
      KV_KEY.shopSettings,
      JSON.stringify({ ...settings, TAX_REGISTRATIONS: { us: { ...newest.us, CO: { number: 'x', since: null } } } }),
    );
    forgetShopSettings();
    expect((await stored()).revision).toBeUndefined();
    const response = await shop(`${ADMIN}/tax/registrations`, { headers: owner.headers });
    expect(response.status).toBe(200);
    expect(await stored()).toEqual(newest);
    expect((await quoteTo(DENVER)).tax).toBe(0);
  });

  it('loses neither of two changes committed at the same instant: one is read again over the other', async () => {
    const racing = barrierDb();
    const [vermont, maine] = await Promise.all([
      serviceChange(racing.db, 'VT', 'VT-1'),
      serviceChange(racing.db, 'ME', 'ME-1'),
    ]);
    expect([vermont.ok, maine.ok]).toEqual([true, true]);
    expect(racing.batches()).toBe(3); // the loser's batch failed on the revision and was made again over the winner
    expect((await stored()).us.VT).toEqual({ number: 'VT-1', since: '2025-05-01' });
    expect((await stored()).us.ME).toEqual({ number: 'ME-1', since: '2025-05-01' });

    const same = barrierDb();
    const shown = await shownNow('us', 'VT');
    const results = await Promise.all([
      serviceChange(same.db, 'VT', 'VT-A', shown),
      serviceChange(same.db, 'VT', 'VT-B', shown),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      errors: { form: REGISTRATION_MSG.changed('Vermont') },
    });
    const won = results[0]!.ok ? 'VT-A' : 'VT-B';
    expect((await stored()).us.VT).toEqual({ number: won, since: '2025-05-01' });
    expect((await auditRows('us:VT')).map((row) => JSON.parse(row.after!).number)).toEqual(['VT-1', won]);
  });
});

/**
 * The shop's database, but the first two batches wait for each other and are sent together: two
 * changes that both read the registrations before either is written.
 */
function barrierDb() {
  let arrived = 0;
  let release: () => void = () => {};
  const together = new Promise<void>((resolve) => {
    release = resolve;
  });
  const db = {
    prepare: (query: string) => env.DB.prepare(query),
    batch: async (statements: D1PreparedStatement[]) => {
      arrived++;
      if (arrived <= 2) {
        if (arrived === 2) release();
        await together;
      }
      return env.DB.batch(statements);
    },
  } as unknown as D1Database;
  return { db, batches: () => arrived };
}

/** A change saved through the tax domain's door, as the page's route makes it. */
function serviceChange(db: D1Database, key: string, number: string, shown = '') {
  return changeRegistration(
    { db, kv: env.SETTINGS, now: Date.now(), staffId: null },
    { op: 'save', market: 'us', key, number, since: '2025-05-01', shown },
    (audited) => ({ ...testAudit('tax.registrations', `us:${key}`), recordType: 'tax_registration', ...audited }),
  );
}
