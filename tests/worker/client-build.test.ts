import { beforeAll, describe, expect, it } from 'vitest';
import { buildInfo, pageScripts } from '../../worker/platform/build-info.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, page } from './helpers.ts';

/** At most this many script requests when a page loads (issue 23: "about 8"). */
const MAX_SCRIPTS = 8;

beforeAll(loadCatalogFixture);

/** Every script a page asks for as it loads: the entry and what is modulepreloaded. */
function scriptsOf(html: string): string[] {
  const tags = html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g);
  return [...new Set([...tags].map((match) => match[1]!))];
}

async function productPath(): Promise<string> {
  const html = (await page(`${US_HOST}/search?keyword=brake`)).html;
  const href = /href="(\/product\/[^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('no product in the search results');
  return href;
}

describe('the scripts a page loads', () => {
  it(`asks for at most ${MAX_SCRIPTS} scripts on each shopper page, all of them hashed assets`, async () => {
    const paths = ['/', '/search?keyword=brake', await productPath(), '/shopCart', '/categories', '/makes/ford'];
    for (const path of [...paths, '/parts', '/login', '/page/return-policy']) {
      const { status, html } = await page(`${US_HOST}${path}`);
      expect(status, path).toBe(200);
      const scripts = scriptsOf(html);
      expect(scripts, path).toContain(pageScripts('en').entry);
      expect(scripts.length, `${path}: ${scripts.join(' ')}`).toBeLessThanOrEqual(MAX_SCRIPTS);
      for (const src of scripts) expect(src, path).toMatch(/^\/assets\/[\w-]+-[A-Z0-9]{8}\.js$/);
    }
  });

  it('preloads the chunks the entry imports, so they do not wait for the entry to arrive', async () => {
    const scripts = scriptsOf((await page(`${US_HOST}/`)).html);
    expect(pageScripts('en').entryChunks.length).toBeGreaterThan(0);
    for (const chunk of pageScripts('en').entryChunks) expect(scripts).toContain(chunk);
  });

  it('marks the islands below the fold of a product page to hydrate later, and the rest at load', async () => {
    const { html } = await page(`${US_HOST}${await productPath()}`);
    const modeOf = (name: string) => {
      const tag = new RegExp(`<div data-island="${name}"[^>]*>`).exec(html)?.[0];
      if (!tag) throw new Error(`no ${name} island on the product page`);
      return /data-hydrate="(\w+)"/.exec(tag)?.[1] ?? 'load';
    };
    expect(modeOf('Recommendations')).toBe('visible');
    expect(modeOf('RecentlyViewed')).toBe('idle');
    expect(modeOf('ReviewForm')).toBe('idle');
    expect(modeOf('AddToCart')).toBe('load');
  });

  it('links the icon under its hashed name, which the /assets/* rule caches for a year', async () => {
    const { html } = await page(`${US_HOST}/`);
    const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect(icon).toMatch(/^\/assets\/static\/favicon-[0-9A-F]{8}\.svg$/);
    expect(icon).toBe(buildInfo.static['/static/favicon.svg']);
  });
});
