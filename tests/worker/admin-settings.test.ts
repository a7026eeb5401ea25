import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { KV_KEY } from '../../shared/kv-keys.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { CONTENT_MSG } from '../../worker/admin/content-editor.ts';
import { SETTINGS_MSG } from '../../worker/admin/settings-editor.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { US_HOST, page, shop } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;
let merchandiser: Session;

const stored = async () => JSON.parse((await env.SETTINGS.get(KV_KEY.shopSettings, 'text')) ?? '{}');

/** The settings page's form version (the hidden field), as a browser would send it back. */
async function versionNow(session: Session): Promise<string> {
  const html = await (await shop(`${ADMIN}/settings`, { headers: session.headers })).text();
  return html.match(/name="_version" value="([^"]+)"/)![1]!;
}

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16);

const form = (session: Session, version: string, changes: Record<string, string> = {}) => ({
  _csrf: session.csrf,
  _version: version,
  noticeActive: 'on',
  noticeText: 'Order by Dec 18 for delivery before the holidays',
  navBarBackground: '#102a43',
  bfActive: '',
  bfStart: '',
  bfEnd: '',
  bfCodeActive: '',
  bfCode: '',
  ...changes,
});

beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  merchandiser = await staffSession('merchandiser');
});

describe('the storefront settings editor', () => {
  it('shows the site-wide notice and header colour on the storefront at once, keeping other settings', async () => {
    const before = await stored();
    const saved = await postForm(
      '/admin/settings',
      form(merchandiser, await versionNow(merchandiser)),
      merchandiser.headers,
    );
    expect(saved.status).toBe(303);
    const after = await stored();
    expect(after.GLOBAL_ACTIVE_INFO).toEqual({
      active: true,
      text: 'Order by Dec 18 for delivery before the holidays',
    });
    expect(after.NAV_BAR_BACKGROUND).toBe('#102a43');
    expect(after.MEMBER_LEVELS).toEqual(before.MEMBER_LEVELS);
    expect(after.COMPANY_PHONE).toBe(before.COMPANY_PHONE);

    const { html } = await page(`${US_HOST}/categories`);
    expect(html).toContain('data-global-notice="">Order by Dec 18 for delivery before the holidays</p>');
    expect(html).toContain('background:#102a43');

    const audit = await env.DB.prepare(
      "SELECT before_json AS before, after_json AS after FROM audit_log WHERE action = 'settings.merchandising'",
    ).first<{ before: string; after: string }>();
    expect(JSON.parse(audit!.after).NAV_BAR_BACKGROUND).toBe('#102a43');
    expect(JSON.parse(audit!.before).NAV_BAR_BACKGROUND).toBe(before.NAV_BAR_BACKGROUND);
  });

  it('refuses a pale header colour, an empty notice that is on, and a Black Friday end before its start', async () => {
    const before = await env.SETTINGS.get(KV_KEY.shopSettings, 'text');
    const response = await postForm(
      '/admin/settings',
      form(merchandiser, await versionNow(merchandiser), {
        noticeText: '',
        navBarBackground: '#f0f0f0',
        bfActive: 'on',
        bfStart: '2026-11-27T05:00',
        bfEnd: '2026-11-26T05:00',
      }),
      merchandiser.headers,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(SETTINGS_MSG.noticeText);
    expect(html).toContain('White header text on this colour has a contrast of 1.1:1');
    expect(html).toContain(SETTINGS_MSG.endAfterStart);
    expect(await env.SETTINGS.get(KV_KEY.shopSettings, 'text')).toBe(before);
  });

  it('takes a Black Friday code only when it is a live promotion code in both markets for the dates', async () => {
    const now = Date.now();
    const window = {
      bfActive: 'on',
      bfStart: utc(now + 3_600_000),
      bfEnd: utc(now + 2 * 86_400_000),
      bfCodeActive: 'on',
    };
    const dead = await postForm(
      '/admin/settings',
      form(merchandiser, await versionNow(merchandiser), { ...window, bfCode: 'SPRING10' }),
      merchandiser.headers,
    );
    expect(dead.status).toBe(400);
    expect(await dead.text()).toContain(CONTENT_MSG.code('SPRING10', 'us'));
    // FREESHIP runs a year from the seed in both markets.
    const live = await postForm(
      '/admin/settings',
      form(merchandiser, await versionNow(merchandiser), { ...window, bfCode: 'freeship' }),
      merchandiser.headers,
    );
    expect(live.status).toBe(303);
    expect((await stored()).BLACK_FRIDAY_2024_CONFIG).toEqual({ active: true, BF_CODE: 'FREESHIP' });
  });

  it('refuses a save drawn from settings another editor changed since, showing what is stored now', async () => {
    const version = await versionNow(merchandiser);
    const other = await staffSession('owner');
    const first = await postForm(
      '/admin/settings',
      form(other, await versionNow(other), { navBarBackground: '#1e3a8a' }),
      other.headers,
    );
    expect(first.status).toBe(303);
    const late = await postForm(
      '/admin/settings',
      form(merchandiser, version, { navBarBackground: '#14532d' }),
      merchandiser.headers,
    );
    expect(late.status).toBe(409);
    const html = await late.text();
    expect(html).toContain(CONTENT_MSG.stale.replace(/'/g, '&#x27;'));
    expect(html).toContain('value="#1e3a8a"');
    expect((await stored()).NAV_BAR_BACKGROUND).toBe('#1e3a8a');
  });

  it('is refused to support staff and without the CSRF value', async () => {
    const support = await staffSession('support');
    expect((await shop(`${ADMIN}/settings`, { headers: support.headers })).status).toBe(403);
    const version = await versionNow(merchandiser);
    const forged = await postForm(
      '/admin/settings',
      { ...form(merchandiser, version), _csrf: 'nope' },
      merchandiser.headers,
    );
    expect(forged.status).toBe(403);
  });
});
