import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MSG, categoryBannerItemSchema, IMPORTANT_CATEGORY_BANNER_KEY } from '../../shared/content/blog.ts';
import { SCHEDULE_MSG } from '../../shared/content/schedule.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { forgetContent } from '../../worker/content/service.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, US_HOST, page } from './helpers.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const BRAKES = { title: 'Brakes', image: '/static/blog/banner-category-brakes.svg', alt: 'Brake parts that fit' };
const WINTER = { title: 'Winter ready', image: '/static/blog/banner-winter-ready.svg', alt: 'Get ready for winter' };

async function putBanners(items: unknown[]) {
  await env.SETTINGS.put(
    KV_KEY.contentConfig(IMPORTANT_CATEGORY_BANNER_KEY),
    JSON.stringify({ type: 'important category banner', items }),
  );
  forgetContent();
}

/** The alt text of the category banner on a page, or null when there is none. */
async function bannerOn(url: string): Promise<string | null> {
  const { status, html } = await page(url);
  expect(status).toBe(200);
  const match = html.match(/<div class="content-banner category-banner">[\s\S]*?alt="([^"]*)"/);
  return match?.[1] ?? null;
}

beforeAll(loadCatalogFixture);

describe('important category banners', () => {
  it('top their category search page and their collection page, linked, with a mobile image', async () => {
    await putBanners([
      {
        ...BRAKES,
        category: 1,
        mobileImage: '/static/blog/banner-category-brakes-mobile.svg',
        href: '/blogs/check-brake-pads',
      },
      { ...WINTER, handle: 'winter-ready' },
    ]);
    expect(await bannerOn(`${US_HOST}/search?category=1`)).toBe('Brake parts that fit');
    expect(await bannerOn(`${US_HOST}/collection/winter-ready`)).toBe('Get ready for winter');
    const { html } = await page(`${US_HOST}/search?category=1`);
    expect(html).toContain('<a href="/blogs/check-brake-pads"><picture>');
    expect(html).toContain(
      `<source media="(max-width: 640px)" srcSet="${staticAsset('/static/blog/banner-category-brakes-mobile.svg')}"/>`,
    );
    expect(html.indexOf('category-banner')).toBeLessThan(html.indexOf('<h1'));
  });

  it('show nowhere else: not on another category, another collection or a keyword search', async () => {
    await putBanners([
      { ...BRAKES, category: 1 },
      { ...WINTER, handle: 'winter-ready' },
    ]);
    expect(await bannerOn(`${US_HOST}/search?category=11`)).toBeNull();
    expect(await bannerOn(`${US_HOST}/collection/lighting-upgrades`)).toBeNull();
    expect(await bannerOn(`${US_HOST}/search?keyword=brakes`)).toBeNull();
  });

  it('follow their schedule and markets: not before the start, not after the end, not in another market', async () => {
    const now = Date.now();
    await putBanners([{ ...BRAKES, category: 1, startTime: iso(now + HOUR) }]);
    expect(await bannerOn(`${US_HOST}/search?category=1`)).toBeNull();
    await putBanners([{ ...BRAKES, category: 1, startTime: iso(now - 2 * HOUR), endTime: iso(now - HOUR) }]);
    expect(await bannerOn(`${US_HOST}/search?category=1`)).toBeNull();
    await putBanners([
      { ...BRAKES, category: 1, startTime: iso(now - HOUR), endTime: iso(now + HOUR), markets: ['ca'] },
    ]);
    expect(await bannerOn(`${US_HOST}/search?category=1`)).toBeNull();
    expect(await bannerOn(`${CA_HOST}/search?category=1`)).toBe('Brake parts that fit');
  });

  it('show unlinked in Canada when they link to the blog, which Canada hides', async () => {
    await putBanners([{ ...BRAKES, category: 1, href: '/blogs/check-brake-pads' }]);
    expect((await page(`${US_HOST}/search?category=1`)).html).toContain('<a href="/blogs/check-brake-pads"><picture>');
    const { html } = await page(`${CA_HOST}/search?category=1`);
    expect(await bannerOn(`${CA_HOST}/search?category=1`)).toBe('Brake parts that fit');
    expect(html).not.toContain('href="/blogs/check-brake-pads"');
  });

  it('skip an item that is not valid and keep the page working', async () => {
    await putBanners([
      { category: 1, alt: 'No image' },
      { ...WINTER, handle: 'winter-ready' },
    ]);
    expect(await bannerOn(`${US_HOST}/search?category=1`)).toBeNull();
    expect(await bannerOn(`${US_HOST}/collection/winter-ready`)).toBe('Get ready for winter');
    await env.SETTINGS.put(KV_KEY.contentConfig(IMPORTANT_CATEGORY_BANNER_KEY), '{not json');
    forgetContent();
    expect(await bannerOn(`${US_HOST}/collection/winter-ready`)).toBeNull();
  });

  it('are refused by the schema without an image, without alt text or ending before they start', () => {
    const messages = (value: unknown) =>
      categoryBannerItemSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ title: 'Brakes', category: 1, alt: 'Brakes' })).toContain(BLOG_MSG.image);
    expect(messages({ category: 1, image: '/static/x.svg', alt: 'Brakes' })).toContain(BLOG_MSG.bannerTitle);
    expect(messages({ title: 'Brakes', category: 1, image: '/static/x.svg', alt: ' ' })).toContain(BLOG_MSG.alt);
    expect(
      messages({ ...BRAKES, category: 1, startTime: '2026-12-02T00:00:00Z', endTime: '2026-12-01T00:00:00Z' }),
    ).toContain(SCHEDULE_MSG.endBeforeStart);
    expect(messages({ ...BRAKES, handle: 'Winter Ready' })).toContain(BLOG_MSG.target);
  });
});
