import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import contentConfigs from '../../kv-seed/content-configs.json';
import { HOME_MSG } from '../../shared/content/home.ts';
import { SCHEDULE_MSG } from '../../shared/content/schedule.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { CONTENT_MSG } from '../../worker/admin/content-editor.ts';
import { PREVIEW_BAR_TEXT } from '../../worker/content/preview.routes.ts';
import { forgetCampaign, forgetContent, signPreviewToken } from '../../worker/content/service.ts';
import { staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import {
  bannerForm,
  decoded,
  editor,
  HOUR,
  home,
  local,
  post,
  type Session,
  sale,
  stored,
} from './content-editor-helpers.ts';
import { CA_HOST, US_HOST, shop } from './helpers.ts';

const BANNER_KEY = KV_KEY.contentConfig('banner');

let merchandiser: Session;

const audits = () =>
  env.DB.prepare(
    `SELECT staff_email AS email, record_id AS recordId, before_json AS beforeJson, after_json AS afterJson
     FROM audit_log WHERE action = 'content.publish' ORDER BY id`,
  ).all<{ email: string; recordId: string; beforeJson: string; afterJson: string }>();

beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  merchandiser = await staffSession('merchandiser');
});

beforeEach(async () => {
  await env.SETTINGS.put(BANNER_KEY, JSON.stringify(contentConfigs.banner));
  forgetContent();
  forgetCampaign();
});

describe('the content list', () => {
  it('lists every content type, the running campaign and each campaign page with their state per market', async () => {
    const { status, html } = await editor('', merchandiser);
    expect(status).toBe(200);
    for (const id of ['announcement', 'item-group', 'banner', 'mobile-banner', 'discount-window', 'home-page'])
      expect(html).toContain(`data-entry="${id}"`);
    for (const id of ['front-category', 'blog-banner', 'front-page', 'important-category-banner', 'top-deals'])
      expect(html).toContain(`data-entry="${id}"`);
    expect(html).toContain('data-entry="campaign"');
    expect(html).toContain('data-entry="campaign-page/bf2"');
    const announcement = html.match(/data-entry="announcement"[\s\S]*?<\/tr>/)?.[0] ?? '';
    // Two announcements for both markets and one for Canada only (kv-seed/content-configs.json).
    expect(announcement).toMatch(/data-market="us">2 live</);
    expect(announcement).toMatch(/data-market="ca">3 live</);
  });

  it('is refused to support, who cannot publish either', async () => {
    const support = await staffSession('support');
    expect((await editor('', support)).status).toBe(403);
    const { version } = await editor('/banner', merchandiser);
    const response = await post('/banner', support, bannerForm(version, sale('Support sale')));
    expect(response.status).toBe(403);
    expect(await stored(BANNER_KEY)).toBe(JSON.stringify(contentConfigs.banner));
  });

  it('refuses a save without the session CSRF value', async () => {
    const { version } = await editor('/banner', merchandiser);
    const response = await post('/banner', merchandiser, bannerForm(version, sale('No CSRF sale')), '');
    expect(response.status).toBe(403);
    expect(await stored(BANNER_KEY)).toBe(JSON.stringify(contentConfigs.banner));
  });
});

describe('publishing a banner with a schedule', () => {
  it('shows it on the home page only in its window and its market, and audits before and after', async () => {
    const { version } = await editor('/banner', merchandiser);
    const window = { startTime: local(-HOUR), endTime: local(HOUR), markets: ['us'] };
    const response = await post('/banner', merchandiser, bannerForm(version, sale('Spring brake sale', window)));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin/content/banner?done=published');
    const after = await editor('/banner?done=published', merchandiser);
    expect(after.html).toContain('other locations within 5 minutes');
    expect((await home(US_HOST)).html).toContain('Spring brake sale');
    expect((await home(CA_HOST)).html).not.toContain('Spring brake sale');

    const [entry] = (await audits()).results.filter((row) => row.recordId === BANNER_KEY);
    expect(entry!.email).toBe(merchandiser.staff.email);
    expect(JSON.parse(entry!.beforeJson)).toEqual(contentConfigs.banner);
    expect(JSON.parse(entry!.afterJson).items[0]).toMatchObject({ title: 'Spring brake sale', markets: ['us'] });

    const later = { startTime: local(HOUR), endTime: local(2 * HOUR) };
    const again = await post('/banner', merchandiser, bannerForm(after.version, sale('Spring brake sale', later)));
    expect(again.status).toBe(303);
    expect((await home(US_HOST)).html).not.toContain('Spring brake sale');
  });

  it('refuses a banner without an image or ending before it starts, with its message, writing nothing', async () => {
    const { version } = await editor('/banner', merchandiser);
    const noImage = await post('/banner', merchandiser, bannerForm(version, sale('Broken sale', { image: '' })));
    expect(noImage.status).toBe(400);
    const html = decoded(await noImage.text());
    expect(html).toContain(HOME_MSG.bannerImage);
    expect(html).toContain('value="Broken sale"');
    const backwards = sale('Backwards sale', { startTime: local(HOUR), endTime: local(-HOUR) });
    const reversed = await post('/banner', merchandiser, bannerForm(version, backwards));
    expect(reversed.status).toBe(400);
    expect(decoded(await reversed.text())).toContain(SCHEDULE_MSG.endBeforeStart);
    expect(await stored(BANNER_KEY)).toBe(JSON.stringify(contentConfigs.banner));
  });

  it('moves and removes items without publishing', async () => {
    const { version } = await editor('/banner', merchandiser);
    const fields: [string, string][] = [
      ['_version', version],
      ['count', '2'],
      ['op', 'up:1'],
    ];
    contentConfigs.banner.items.forEach((item, index) => {
      for (const [name, value] of Object.entries(item)) fields.push([`i.${index}.${name}`, value]);
    });
    const response = await post('/banner', merchandiser, fields);
    const html = decoded(await response.text());
    expect(html.indexOf('See the road')).toBeLessThan(html.indexOf('Stop with confidence'));
    expect(html).toContain('Not published yet');
    expect(await stored(BANNER_KEY)).toBe(JSON.stringify(contentConfigs.banner));
  });

  it('refuses the later of two saves made from the same form, showing the current values', async () => {
    const other = await staffSession('merchandiser');
    const first = await editor('/banner', merchandiser);
    const second = await editor('/banner', other);
    expect(second.version).toBe(first.version);
    expect((await post('/banner', merchandiser, bannerForm(first.version, sale('First editor sale')))).status).toBe(
      303,
    );
    const late = await post('/banner', other, bannerForm(second.version, sale('Second editor sale')));
    expect(late.status).toBe(409);
    const html = decoded(await late.text());
    expect(html).toContain(CONTENT_MSG.stale);
    expect(html).toContain('value="First editor sale"');
    expect(JSON.parse((await stored(BANNER_KEY))!).items[0].title).toBe('First editor sale');
  });
});

describe('campaign codes', () => {
  const pageForm = (version: string, codes: string): [string, string][] => [
    ['_version', version],
    ['op', 'publish'],
    ['f.title', 'Spring brakes'],
    ['f.active', 'on'],
    ['f.startTime', local(-HOUR)],
    ['f.endTime', local(24 * HOUR)],
    ['f.range', 'SITE'],
    ['f.promotionCodes', codes],
  ];

  it('refuses a code that is not a live promotion code in every market of the campaign', async () => {
    const { version } = await editor('/campaign-page/spring-brakes', merchandiser);
    const response = await post('/campaign-page/spring-brakes', merchandiser, pageForm(version, 'CANADA15 | 15% off'));
    expect(response.status).toBe(400);
    expect(decoded(await response.text())).toContain(`Line 1: ${CONTENT_MSG.code('CANADA15', 'us')}`);
    const missing = await post('/campaign-page/spring-brakes', merchandiser, pageForm(version, 'NOSUCH1 | 10% off'));
    expect(decoded(await missing.text())).toContain(CONTENT_MSG.code('NOSUCH1', 'us'));
    expect(await stored(KV_KEY.campaignPage('spring-brakes'))).toBeNull();
  });

  it('publishes a campaign page whose code is live, and the page advertises it', async () => {
    const { version } = await editor('/campaign-page/spring-brakes', merchandiser);
    const response = await post(
      '/campaign-page/spring-brakes',
      merchandiser,
      pageForm(version, 'BRAKES15 | 15% off brakes'),
    );
    expect(response.status).toBe(303);
    const page = await shop(`${US_HOST}/campaign/spring-brakes`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('BRAKES15');
  });
});

describe('previewing a draft', () => {
  async function previewLink(market: 'us' | 'ca' = 'us') {
    const { version } = await editor('/banner', merchandiser);
    const draft = sale('Draft only sale', { startTime: local(-HOUR), endTime: local(HOUR) });
    const response = await post('/banner', merchandiser, bannerForm(version, draft, `preview-${market}`));
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  }

  it('shows the draft with the preview bar, noindex and no-store, to the link only, publishing nothing', async () => {
    const link = await previewLink();
    expect(link.origin).toBe(US_HOST);
    const preview = await home(US_HOST, link.search);
    expect(preview.html).toContain('Draft only sale');
    expect(preview.html).toContain(PREVIEW_BAR_TEXT);
    expect(preview.html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(preview.response.headers.get('cache-control')).toBe('no-store');
    // Neither the published value nor the isolate's cache took the draft.
    const plain = await home(US_HOST);
    expect(plain.html).not.toContain('Draft only sale');
    expect(plain.html).not.toContain(PREVIEW_BAR_TEXT);
    expect(await stored(BANNER_KEY)).toBe(JSON.stringify(contentConfigs.banner));
  });

  it('opens the Canadian storefront for a Canadian preview', async () => {
    const link = await previewLink('ca');
    expect(link.origin).toBe(CA_HOST);
    expect((await home(CA_HOST, link.search)).html).toContain('Draft only sale');
  });

  it('ignores a forged or expired token', async () => {
    const link = await previewLink();
    const token = link.searchParams.get('preview')!;
    const forged = `${token.slice(0, -4)}AAAA`;
    const forgedPage = await home(US_HOST, `?preview=${encodeURIComponent(forged)}`);
    expect(forgedPage.response.status).toBe(200);
    expect(forgedPage.html).not.toContain('Draft only sale');
    expect(forgedPage.html).not.toContain(PREVIEW_BAR_TEXT);
    const expired = await signPreviewToken(env.AUTH_SECRET, BANNER_KEY, Date.now() - 31 * 60_000);
    const expiredPage = await home(US_HOST, `?preview=${encodeURIComponent(expired)}`);
    expect(expiredPage.html).not.toContain('Draft only sale');
    const otherEntry = await signPreviewToken(env.AUTH_SECRET, KV_KEY.contentConfig('announcement'), Date.now());
    expect((await home(US_HOST, `?preview=${encodeURIComponent(otherEntry)}`)).html).not.toContain('Draft only sale');
  });
});
