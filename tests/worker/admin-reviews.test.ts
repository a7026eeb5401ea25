import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../shared/staff-permissions.ts';
import { auditedAs } from '../../worker/admin/reviews.ts';
import { signInvitation } from '../../worker/reviews/service.ts';
import { publishReview, rejectReview } from '../../worker/reviews/staff.ts';
import { json } from './account-helpers.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { api, CA_HOST, page, shop, US_HOST } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;
type Info = { rating: number; isDefault: boolean; reviewCount: number };

const BASE = `${US_HOST}/item/public/buyer`;
const sessions = {} as Record<StaffRole, Session>;
/** An item on US shelves with no reviews yet, and its product page's handle. */
let item = { id: 0, handle: '', title: '', partNumber: '' };
let written = 0;

/** A shopper's review through the storefront's API; with `email` it comes through the shop's own invitation. */
async function pendingReview(extra: { rating?: number; title?: string; email?: string } = {}): Promise<number> {
  const n = ++written;
  const reviewer = extra.email ? { email: extra.email, market: 'us' as const } : undefined;
  const invitation = reviewer ? (await signInvitation(item.id, env.AUTH_SECRET, Date.now(), reviewer)).token : null;
  const body = {
    itemId: item.id,
    rating: extra.rating ?? 4,
    title: extra.title ?? `Moderated review ${n}`,
    content: `Fitted it on a Saturday morning, review number ${n}.`,
    name: `Reviewer ${n}`,
    vehicle: '2016 Ford F-150',
    invitation,
  };
  const { status, body: answer } = await api<{ id: number }>(`${BASE}/review`, json('POST', body));
  expect(status).toBe(200);
  return answer.data.id;
}

/** A moderation form posted as a staff member's browser posts it (with the session's CSRF value). */
const act = (who: Session, id: number | string, action: string, fields: Record<string, string> = {}, host = US_HOST) =>
  shop(`${host}/admin/reviews/${id}/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...who.headers },
    body: new URLSearchParams({ _csrf: who.csrf, ...fields }),
  });
const queue = (who: Session, query = '') => page(`${ADMIN}/reviews${query}`, { headers: who.headers });
const statusOf = async (id: number) =>
  (await env.DB.prepare('SELECT status FROM review WHERE id = ?').bind(id).first<{ status: string }>())?.status;
const mailsTo = async (email: string) =>
  (
    await env.DB.prepare("SELECT text_body AS text FROM email_outbox WHERE to_address = ? AND kind = 'review-rejected'")
      .bind(email)
      .all<{ text: string }>()
  ).results;
const auditOf = async (id: number) =>
  (
    await env.DB.prepare(
      `SELECT staff_email AS staffEmail, action, before_json AS before, after_json AS after FROM audit_log
        WHERE record_type = 'review' AND record_id = ? ORDER BY id`,
    )
      .bind(String(id))
      .all<{ staffEmail: string; action: string; before: string; after: string }>()
  ).results;
const info = async () => (await api<Info>(`${BASE}/v2/review/info?itemId=${item.id}`)).body.data;

beforeAll(async () => {
  await loadCatalogFixture();
  item = (await env.DB.prepare(
    `SELECT i.id, s.url_handle AS handle, i.title,
        (SELECT part_number FROM sku WHERE item_id = i.id ORDER BY sort, id LIMIT 1) AS partNumber
      FROM item i JOIN seo s ON s.type = 'ITEM' AND s.target_id = i.id AND s.is_primary = 1 AND s.active = 1
      WHERE i.us_status = 'ON_SHELVES' AND i.id NOT IN (SELECT item_id FROM review) ORDER BY i.id LIMIT 1`,
  ).first<typeof item>())!;
  for (const role of ['owner', 'fulfilment', 'support', 'merchandiser'] as const) {
    sessions[role] = await staffSession(role);
  }
});

describe('who may moderate reviews', () => {
  it('refuses fulfilment the queue and every decision, and lets support, merchandisers and owners in', async () => {
    const id = await pendingReview();
    expect((await queue(sessions.fulfilment)).status).toBe(403);
    for (const action of ['publish', 'reject', 'flag']) {
      const response = await act(sessions.fulfilment, id, action, { reason: 'Other', note: 'x', flag: 'Off-topic' });
      expect(response.status, action).toBe(403);
    }
    expect(await statusOf(id)).toBe('PENDING');
    for (const role of ['support', 'merchandiser', 'owner'] as const) {
      const { status, html } = await queue(sessions[role]);
      expect(status, role).toBe(200);
      expect(html, role).toContain(`data-review="${id}"`);
    }
    expect((await shop(`${ADMIN}/reviews`, { redirect: 'manual' })).status).toBe(302); // signed out: to sign-in
  });

  it('refuses a decision without the CSRF value and answers 404 for a review that does not exist', async () => {
    const id = await pendingReview();
    const { headers } = sessions.support;
    expect((await postForm(`/admin/reviews/${id}/publish`, {}, headers)).status).toBe(403);
    expect(await statusOf(id)).toBe('PENDING');
    for (const action of ['publish', 'reject', 'flag']) {
      const response = await act(sessions.support, 99_999_999, action, { reason: 'Advertising or spam' });
      expect(response.status, action).toBe(404);
      expect(await response.text()).toContain('There is no review with this number.');
    }
    expect((await act(sessions.support, 'abc', 'publish')).status).toBe(404);
  });
});

describe('the moderation queue', () => {
  it('lists pending reviews oldest first: product, part number, rating, words, reviewer, photos, date', async () => {
    const newer = await pendingReview({ rating: 2, title: 'Newer pending review' });
    const older = await pendingReview({ rating: 5, title: 'Older pending review', email: 'older@example.com' });
    await env.DB.prepare('UPDATE review SET created_at = created_at - 86400 WHERE id = ?').bind(older).run();
    await env.DB.prepare("INSERT INTO review_photo (review_id, idx, media_key) VALUES (?, 0, 'reviews/a.jpg')")
      .bind(older)
      .run();
    const { html } = await queue(sessions.support);
    expect(html.indexOf(`data-review="${older}"`)).toBeLessThan(html.indexOf(`data-review="${newer}"`));
    const card = html.slice(html.indexOf(`data-review="${older}"`), html.indexOf(`data-review="${newer}"`));
    expect(card).toContain(`href="/product/${item.handle}"`);
    expect(card).toContain(item.title);
    expect(card).toContain(`Part number ${item.partNumber}`);
    expect(card).toContain('aria-label="5 out of 5 stars"');
    expect(card).toContain('Older pending review');
    expect(card).toContain('Reviewer ');
    expect(card).toContain('Verified purchase');
    expect(card).toMatch(/submitted \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(card).toContain('<img src="/media/reviews/a.jpg"');
    expect(html).not.toContain('Exactly like the original'); // the fixture's published reviews are not pending
    const published = await queue(sessions.support, '?status=PUBLISHED');
    expect(published.html).toContain('Exactly like the original');
    expect(published.html).not.toContain(`data-review="${older}"`);
    expect((await queue(sessions.support, '?status=NOPE&page=-3')).status).toBe(200);
  });
});

describe('publishing a review', () => {
  it('shows it on the product page and in the API, updates rating and count, and audits it', async () => {
    const id = await pendingReview({ rating: 3, title: 'Published by support' });
    const before = await page(`${US_HOST}/product/${item.handle}`);
    expect(before.html).not.toContain('Published by support');
    expect(await info()).toMatchObject({ isDefault: true, reviewCount: 0 });

    const response = await act(sessions.support, id, 'publish');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('done=published');
    const after = await page(`${US_HOST}/product/${item.handle}`);
    expect(after.html).toContain('Published by support');
    expect(after.html).toContain('from 1 review');
    expect(await info()).toMatchObject({ rating: 3, isDefault: false, reviewCount: 1 });
    const listed = await api<{ list: { id: number }[] }>(`${BASE}/v3/review/list?itemId=${item.id}`);
    expect(listed.body.data.list.map((review) => review.id)).toContain(id);
    expect(await auditOf(id)).toEqual([
      {
        staffEmail: sessions.support.staff.email,
        action: 'review.publish',
        before: '{"status":"PENDING"}',
        after: '{"status":"PUBLISHED"}',
      },
    ]);
    const again = await act(sessions.owner, id, 'publish');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This review has already been moderated: it is published.');
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe('rejecting a review', () => {
  it('needs a reason from the list, words of its own for Other, at most 500 characters', async () => {
    const id = await pendingReview({ email: 'needs-reason@example.com' });
    const cases: [Record<string, string>, string][] = [
      [{}, 'Please choose a reason for rejecting this review.'],
      [{ reason: 'Because' }, 'Please choose a reason for rejecting this review.'],
      [{ reason: 'Other', note: '   ' }, 'Please describe the reason in your own words.'],
      [{ reason: 'Not about this product', note: 'x'.repeat(501) }, 'The reason can be at most 500 characters.'],
    ];
    for (const [fields, message] of cases) {
      const response = await act(sessions.merchandiser, id, 'reject', fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain(`id="reject-error-${id}"`);
    }
    expect(await statusOf(id)).toBe('PENDING');
    expect(await mailsTo('needs-reason@example.com')).toEqual([]);
    expect(await auditOf(id)).toEqual([]);
  });

  it('emails the reviewer the reason with a link on the configured origin, and audits it', async () => {
    const id = await pendingReview({ email: 'told@example.com', title: 'Call me maybe' });
    const fields = { reason: 'Contains personal or contact details', note: 'Please leave out your phone number.' };
    const response = await act(sessions.support, id, 'reject', fields, CA_HOST);
    expect(response.status).toBe(303);
    expect(await statusOf(id)).toBe('REJECTED');
    const [mail, ...more] = await mailsTo('told@example.com');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Call me maybe');
    expect(mail!.text).toContain('Contains personal or contact details: Please leave out your phone number.');
    expect(mail!.text).toContain(`${env.US_ORIGIN}/product/${item.handle}`);
    expect(mail!.text).not.toContain(CA_HOST);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'review.reject', before: '{"status":"PENDING"}' });
    expect(JSON.parse(entry!.after)).toEqual({ status: 'REJECTED', reason: `${fields.reason}: ${fields.note}` });
    const { html } = await queue(sessions.support, '?status=REJECTED');
    expect(html).toContain(`Rejected by ${sessions.support.staff.email}`);
    expect(html).toContain('Reason: Contains personal or contact details');

    const anonymous = await pendingReview(); // written without the shop's invitation: no address to write to
    const unsent = await act(sessions.support, anonymous, 'reject', { reason: 'Advertising or spam' });
    expect(unsent.headers.get('location')).toContain('done=rejected-unsent');
    expect(await statusOf(anonymous)).toBe('REJECTED');
  });
});

describe('two staff deciding at once', () => {
  it('makes one decision: one answer succeeds, the other is told, at most one email', async () => {
    for (const [first, second] of [
      ['publish', 'reject'],
      ['reject', 'reject'],
    ] as const) {
      const email = `race-${first}-${second}@example.com`;
      const id = await pendingReview({ email });
      const reason = { reason: 'Advertising or spam' };
      const answers = await Promise.all([
        act(sessions.support, id, first, reason),
        act(sessions.owner, id, second, reason),
      ]);
      expect(answers.map((response) => response.status).sort()).toEqual([303, 409]);
      const status = await statusOf(id);
      expect((await mailsTo(email)).length).toBe(status === 'REJECTED' ? 1 : 0);
      expect(await auditOf(id)).toHaveLength(1);
      if (first === 'reject') expect(await mailsTo(email)).toHaveLength(1);
    }
  });
});

/** The shop's D1, except that before the next batch a colleague acts: the race at its worst moment. */
function colleagueActsFirst(colleague: () => Promise<unknown>): D1Database {
  let acted = false;
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          if (!acted) await colleague();
          acted = true;
          return target.batch(statements);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('a colleague deciding between our read and our write', () => {
  it('leaves their decision standing: ours changes nothing, sends nothing and audits nothing', async () => {
    for (const ours of ['publish', 'reject'] as const) {
      const email = `between-${ours}@example.com`;
      const id = await pendingReview({ email });
      const sent: unknown[] = [];
      const deps = {
        db: colleagueActsFirst(() => act(sessions.owner, id, 'reject', { reason: 'Not about this product' })),
        moderator: sessions.support.staff.email,
        mailer: { send: async (message: unknown) => void sent.push(message) },
        shopName: 'Test',
        origins: { us: env.US_ORIGIN, ca: env.CA_ORIGIN },
      };
      const { id: staffId, email: staffEmail } = sessions.support.staff;
      const us = { id: staffId, email: staffEmail, name: 'Support', role: 'support' as const, sessionVersion: 1 };
      const audit = auditedAs(env.DB, us, 'review.decide', id);
      const counted = (await info()).reviewCount;
      const result =
        ours === 'publish'
          ? await publishReview(deps, id, audit)
          : await rejectReview(deps, id, { choice: 'Advertising or spam', note: '' }, audit);
      expect(result, ours).toMatchObject({ ok: false, problem: 'already-moderated', status: 'REJECTED' });
      expect(sent).toEqual([]);
      expect(await mailsTo(email)).toHaveLength(1); // the colleague's
      expect((await auditOf(id)).map((entry) => entry.staffEmail)).toEqual([sessions.owner.staff.email]);
      expect((await info()).reviewCount).toBe(counted);
    }
  });
});

describe('flags', () => {
  it('sets and clears a staff flag, shown in the queue and audited; an unknown flag is refused', async () => {
    const id = await pendingReview();
    expect((await act(sessions.support, id, 'flag', { flag: 'Off-topic' })).status).toBe(303);
    expect((await queue(sessions.support)).html).toContain('Flagged: Off-topic');
    const refused = await act(sessions.support, id, 'flag', { flag: 'Nice one' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Please choose a flag from the list.');
    expect((await act(sessions.support, id, 'flag', { flag: '' })).status).toBe(303);
    expect((await queue(sessions.support)).html).not.toContain('Flagged: Off-topic');
    expect((await auditOf(id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['review.flag', '{"flag":null}', '{"flag":"Off-topic"}'],
      ['review.flag', '{"flag":"Off-topic"}', '{"flag":null}'],
    ]);
    expect(await statusOf(id)).toBe('PENDING');
  });
});
