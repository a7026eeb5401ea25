import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import contentConfigs from '../../kv-seed/content-configs.json';
import settings from '../../kv-seed/settings.json';
import { formatMoney } from '../../shared/money.ts';
import { forgetContent, forgetShopSettings } from '../../worker/content/service.ts';
import { caches } from '../../worker/platform/caches.ts';
import { catalogChanged } from '../../worker/platform/recent-reads.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, US_HOST, page } from './helpers.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const live = { startTime: at(-HOUR), endTime: at(HOUR) };
const upcoming = { startTime: at(HOUR), endTime: at(2 * HOUR) };
const ended = { startTime: at(-2 * HOUR), endTime: at(-HOUR) };

/** Writes a content config (or raw text) to KV and drops the cached copy, as an editor's save would. */
async function putConfig(key: string, value: unknown) {
  await env.SETTINGS.put(`content-config:${key}`, typeof value === 'string' ? value : JSON.stringify(value));
  forgetContent();
}

async function home(host = US_HOST, init?: RequestInit) {
  const result = await page(`${host}/`, init);
  expect(result.status).toBe(200);
  return result.html.slice(result.html.indexOf('<main'));
}

/** The markup of one product card, by item id. */
function card(html: string, itemId: number): string {
  const start = html.indexOf(`data-item-id="${itemId}"`);
  expect(start, `card of item ${itemId}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</li>', start));
}

beforeAll(async () => {
  await loadCatalogFixture();
});

afterEach(async () => {
  for (const [key, config] of Object.entries(contentConfigs)) await putConfig(key, config);
  await env.SETTINGS.put('shop-settings', JSON.stringify(settings));
  forgetShopSettings();
});

describe('the home page is built from its content configs', () => {
  it('shows the blocks the home-page config lists, in its order, and leaves the others out', async () => {
    await putConfig('home-page', { type: 'home page', sections: ['brands', 'popular-makes', 'front-categories'] });
    const html = await home();
    const brands = html.indexOf('id="home-brands"');
    const makes = html.indexOf('id="home-makes"');
    const categories = html.indexOf('id="home-categories"');
    expect(brands).toBeGreaterThan(-1);
    expect(makes).toBeGreaterThan(brands);
    expect(categories).toBeGreaterThan(makes);
    expect(html).not.toContain('data-hero=');
    expect(html).not.toContain('id="home-top-deals"');
    expect(html).not.toContain('data-vehicle-selector');
    // The page keeps its heading when the vehicle picker that holds it is left out.
    expect(html).toMatch(/<h1 class="visually-hidden">/);
  });

  it('shows front categories with their pictures, sized', async () => {
    const html = await home();
    const src = staticAsset('/static/parts/brake-pads-front.svg');
    const picture = `<img src="${src}" alt="" width="120" height="120" loading="lazy"`;
    expect(html).toContain(`<a href="/search?keyword=brakes">${picture}`);
  });

  it('shows grid banners, leaving the wide tops of category pages to those pages', async () => {
    await putConfig('important-category-banner', {
      items: [
        {
          title: 'Exhaust',
          href: '/search?keyword=exhaust',
          image: '/static/home/category-exhaust.svg',
          alt: 'Muffler',
        },
        {
          title: 'Brakes page top',
          category: 1,
          href: '/blogs/check-brake-pads',
          image: '/static/blog/banner-category-brakes.svg',
          alt: 'Brake parts that fit',
        },
        { title: 'Winter top', handle: 'winter-ready', href: '/blogs', image: '/static/blog/banner-winter-ready.svg' },
      ],
    });
    const html = await home();
    const grid = html.slice(
      html.indexOf('class="home-category-banners"'),
      html.indexOf('aria-labelledby="home-makes"'),
    );
    expect(grid).toContain('<strong>Exhaust</strong>');
    expect(grid).toContain(staticAsset('/static/home/category-exhaust.svg'));
    expect(grid).not.toContain('Brakes page top');
    expect(grid).not.toContain('Winter top');
    const category = await page(`${US_HOST}/search?category=1`);
    expect(category.html).toContain('alt="Brake parts that fit"');
  });

  it('shows each announcement only in its window and markets, with the return window from settings', async () => {
    await putConfig('announcement', {
      type: 'announcement',
      items: [
        { text: 'Live everywhere', href: '/parts', ...live },
        { text: 'Not yet', href: '/parts', ...upcoming },
        { text: 'Already over', href: '/parts', ...ended },
        { text: 'Only in the US', href: '/parts', markets: ['us'] },
        { text: 'Only in Canada', href: '/parts', markets: ['ca'] },
        { text: '{returnWindowDays}-day returns', href: '/page/return-policy' },
      ],
    });
    await env.SETTINGS.put('shop-settings', JSON.stringify({ ...settings, RETURN_WINDOW_DAYS: 45 }));
    forgetShopSettings();
    const us = await home(US_HOST);
    const ca = await home(CA_HOST);
    for (const html of [us, ca]) {
      expect(html).toContain('Live everywhere');
      expect(html).toContain('45-day returns');
      expect(html).not.toContain('Not yet');
      expect(html).not.toContain('Already over');
    }
    expect(us).toContain('Only in the US');
    expect(us).not.toContain('Only in Canada');
    expect(ca).toContain('Only in Canada');
    expect(ca).not.toContain('Only in the US');
  });

  it('promises the return window the shop keeps, not the 60 days the seed once said', async () => {
    const html = await home();
    expect(html).toContain(`${settings.RETURN_WINDOW_DAYS}-day returns on unused parts`);
    expect(html).not.toContain('60-day');
  });

  it('leaves the announcement bar out once the shopper closed it in this visit', async () => {
    expect(await home()).toContain('data-island="HomeAnnouncements"');
    const html = await home(US_HOST, { headers: { cookie: 'announcements-dismissed=1' } });
    expect(html).not.toContain('data-island="HomeAnnouncements"');
    expect(html).not.toContain('day returns');
  });

  it('shows a hero banner only in its window and market, desktop and mobile banners apart, sized', async () => {
    const banner = (title: string, extra: object) => ({
      title,
      href: '/parts',
      image: '/static/home/hero-brakes.svg',
      ...extra,
    });
    await putConfig('banner', {
      type: 'banner',
      items: [
        banner('Desktop live', live),
        banner('Desktop later', upcoming),
        banner('Desktop for Canada', { markets: ['ca'] }),
      ],
    });
    await putConfig('mobile-banner', {
      type: 'mobile banner',
      items: [{ ...banner('Phone live', live), image: '/static/home/mobile-brakes.svg' }, banner('Phone over', ended)],
    });
    const us = await home(US_HOST);
    const desktop = us.slice(us.indexOf('data-hero="desktop"'), us.indexOf('data-hero="mobile"'));
    expect(desktop).toContain('Desktop live');
    expect(desktop).toMatch(/src="\/assets\/static\/home\/hero-brakes-[0-9A-F]{8}.svg"[^>]* width="1200" height="400"/);
    expect(us).not.toContain('Desktop later');
    expect(us).not.toContain('Desktop for Canada');
    const mobile = us.slice(us.indexOf('data-hero="mobile"'));
    expect(mobile).toContain('Phone live');
    expect(mobile).toMatch(/src="\/assets\/static\/home\/mobile-brakes-[0-9A-F]{8}.svg"[^>]* width="720" height="480"/);
    expect(us).not.toContain('Phone over');
    expect(await home(CA_HOST)).toContain('Desktop for Canada');
  });

  it('leaves out a bad item or a bad config and keeps the page (never a 500)', async () => {
    await putConfig('banner', {
      type: 'banner',
      items: [
        { title: 'No picture', href: '/parts' },
        { title: 'Script link', href: 'javascript:alert(1)', image: '/static/home/hero-brakes.svg' },
        { title: 'Ends before it starts', href: '/parts', image: '/x.svg', startTime: at(HOUR), endTime: at(-HOUR) },
        { title: 'Good banner', href: '/parts', image: '/static/home/hero-brakes.svg' },
      ],
    });
    await putConfig('discount-window', '{"active": true, "title": "Broken');
    await putConfig('top-deals', { type: 'top deals', itemIds: ['seven'] });
    await putConfig('front-category', { type: 'front category', items: 'Brakes' });
    await putConfig('home-page', { type: 'home page', sections: ['hero', 'no-such-block'] });
    const html = await home();
    expect(html).toContain('Good banner');
    for (const left of ['No picture', 'Script link', 'javascript:', 'Ends before it starts', 'Broken'])
      expect(html).not.toContain(left);
    expect(html).not.toContain('id="home-top-deals"');
    expect(html).not.toContain('id="home-categories"');
    // An unreadable section list shows every block rather than none.
    expect(html).toContain('id="home-makes"');
    expect(html).toContain('id="home-brands"');
  });
});

describe('top deals, brands and the discount window', () => {
  /** Two single-SKU parts sold in the US, priced for the test as a catalog import would. */
  async function pricedParts() {
    const { results } = await env.DB.prepare(
      `SELECT i.id, MIN(k.id) AS skuId FROM item i JOIN sku k ON k.item_id = i.id
        WHERE i.us_status = 'ON_SHELVES' GROUP BY i.id HAVING COUNT(*) = 1 ORDER BY i.id LIMIT 2`,
    ).all<{ id: number; skuId: number }>();
    const price = async (part: { id: number; skuId: number }, discount: number, original: number) => {
      await env.DB.batch([
        env.DB.prepare(
          "UPDATE sku_price SET discount_price = ?, original_price = ? WHERE sku_id = ? AND currency = 'USD'",
        ).bind(discount, original, part.skuId),
        env.DB.prepare('UPDATE item SET min_price_usd = ? WHERE id = ?').bind(discount, part.id),
      ]);
    };
    const [deep, shallow] = results as [{ id: number; skuId: number }, { id: number; skuId: number }];
    await price(deep, 7500, 10000);
    await price(shallow, 9600, 10000);
    catalogChanged();
    return { deep: deep.id, shallow: shallow.id };
  }

  it('shows top deals as real products with live prices, badged only at 10 % off or more', async () => {
    const { deep, shallow } = await pricedParts();
    await putConfig('top-deals', { type: 'top deals', title: 'Deals this week', itemIds: [shallow, 999_999, deep] });
    const html = await home();
    const block = html.slice(html.indexOf('id="home-top-deals"'));
    expect(block).toContain('Deals this week');
    expect(block.indexOf(`data-item-id="${shallow}"`)).toBeLessThan(block.indexOf(`data-item-id="${deep}"`));
    expect(block).not.toContain('data-item-id="999999"');
    const deepCard = card(block, deep);
    expect(deepCard).toContain(formatMoney({ cent: 7500, currency: 'USD' }));
    expect(deepCard).toContain('25% off');
    const shallowCard = card(block, shallow);
    expect(shallowCard).toContain(formatMoney({ cent: 9600, currency: 'USD' }));
    expect(shallowCard).not.toContain('% off');
  });

  it('takes top deals from an item group and hides them outside their window', async () => {
    const { deep, shallow } = await pricedParts();
    await putConfig('item-group', { type: 'item group', groups: [{ key: 'week', title: 'Week', itemIds: [deep] }] });
    await putConfig('top-deals', { type: 'top deals', itemIds: [shallow], itemGroup: 'week' });
    const html = await home();
    const block = html.slice(html.indexOf('id="home-top-deals"'));
    expect(block.indexOf(`data-item-id="${shallow}"`)).toBeLessThan(block.indexOf(`data-item-id="${deep}"`));
    await putConfig('top-deals', { type: 'top deals', itemIds: [shallow], ...ended });
    expect(await home()).not.toContain('id="home-top-deals"');
  });

  it('lists the brands shown on the home page in their sortOnHomePage order', async () => {
    await env.DB.batch([
      env.DB.prepare('UPDATE brand SET sort_on_home_page = 10 - sort_on_home_page WHERE show_on_home_page = 1'),
      env.DB.prepare("UPDATE brand SET show_on_home_page = 0 WHERE name = 'DuraStop'"),
    ]);
    caches.brands.clear();
    const { results } = await env.DB.prepare(
      'SELECT name FROM brand WHERE show_on_home_page = 1 AND active = 1 ORDER BY sort_on_home_page',
    ).all<{ name: string }>();
    const html = await home();
    const shown = [...html.matchAll(/data-brand="([^"]+)"/g)].map((match) => match[1]!.replace('&amp;', '&'));
    expect(shown).toEqual(results.map((row) => row.name));
    expect(shown).not.toContain('DuraStop');
    expect(shown.length).toBeGreaterThan(3);
  });

  it('shows the discount window with its countdown while it is live, and not after it ends', async () => {
    const offer = { type: 'discount window', active: true, title: 'Rotor week', couponCode: 'BRAKES15' };
    await putConfig('discount-window', { ...offer, ...live });
    const html = await home();
    const window = html.slice(html.indexOf('id="home-discount-window"'));
    expect(window).toContain('Rotor week');
    expect(window).toContain('BRAKES15');
    expect(window).toContain('data-island="Countdown"');
    expect(window).toMatch(/data-countdown="running">Ends in(<!-- -->)? <time datetime="[^"]+"/i);
    await putConfig('discount-window', { ...offer, ...ended });
    expect(await home()).not.toContain('Rotor week');
    await putConfig('discount-window', { ...offer, ...live, active: false });
    expect(await home()).not.toContain('Rotor week');
  });

  it('renders no personal rows in the first paint: the browser fills them', async () => {
    const html = await home();
    expect(html).toContain('data-home-row="recently-viewed"');
    expect(html).toContain('data-home-row="fits-your-vehicle"');
    expect(html).not.toContain('Recently viewed');
    expect(html).not.toContain('Fits your');
  });
});
