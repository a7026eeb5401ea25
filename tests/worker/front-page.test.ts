import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FRONT_PAGE_MSG, frontPageItem } from '../../shared/content/front-page.ts';
import { SCHEDULE_MSG } from '../../shared/content/schedule.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { forgetContentConfig } from '../../worker/content/service.ts';
import { CA_HOST, page, US_HOST } from './helpers.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const WINTER = {
  path: '/categories',
  title: 'Getting ready for winter?',
  text: 'Batteries, wiper blades and bulbs.',
  href: '/collection/winter-ready',
  linkText: 'Shop winter parts',
};

async function putItems(items: unknown[]) {
  await env.SETTINGS.put(KV_KEY.contentConfig('front-page'), JSON.stringify({ type: 'front page', items }));
  forgetContentConfig('front-page');
}

const blockOn = async (url: string) => {
  const { html } = await page(url);
  return html.match(/<section class="front-page-block"[^>]*aria-label="([^"]+)"/)?.[1] ?? null;
};

describe('the front page content type', () => {
  it('puts its block at the top of the page it names, linked, and nowhere else', async () => {
    await putItems([WINTER]);
    const { html } = await page(`${US_HOST}/categories`);
    expect(html).toMatch(/<main id="main"><section class="front-page-block"/);
    expect(html).toContain('<a class="front-page-block__link" href="/collection/winter-ready">Shop winter parts</a>');
    expect(await blockOn(`${US_HOST}/makes`)).toBeNull();
    expect(await blockOn(`${US_HOST}/`)).toBeNull();
  });

  it('follows its schedule and markets, and skips an item that does not parse', async () => {
    const now = Date.now();
    await putItems([
      { ...WINTER, title: 'Not yet', startTime: iso(now + HOUR) },
      { ...WINTER, title: 'Canada only', markets: ['ca'] },
      { ...WINTER, title: '' },
      { ...WINTER, title: 'Live in the US', startTime: iso(now - HOUR), endTime: iso(now + HOUR) },
    ]);
    expect(await blockOn(`${US_HOST}/categories`)).toBe('Live in the US');
    expect(await blockOn(`${CA_HOST}/categories`)).toBe('Canada only');
    await putItems([{ ...WINTER, endTime: iso(now - HOUR), startTime: iso(now - 2 * HOUR) }]);
    expect(await blockOn(`${US_HOST}/categories`)).toBeNull();
  });

  it('is refused without a title, on a page it cannot show on, with a link but no words, or ending first', () => {
    const messages = (value: unknown) =>
      frontPageItem.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...WINTER, title: ' ' })).toContain(FRONT_PAGE_MSG.title);
    expect(messages({ ...WINTER, path: '/checkout' })).toContain(FRONT_PAGE_MSG.path);
    expect(messages({ ...WINTER, linkText: undefined })).toContain(FRONT_PAGE_MSG.linkText);
    expect(messages({ ...WINTER, href: 'javascript:alert(1)' })).toContain(FRONT_PAGE_MSG.link);
    expect(messages({ ...WINTER, startTime: '2026-12-02T00:00:00Z', endTime: '2026-12-01T00:00:00Z' })).toContain(
      SCHEDULE_MSG.endBeforeStart,
    );
  });
});
