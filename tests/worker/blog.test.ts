import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BLOG_BANNER_KEY, blogArticleSchema, BLOG_MSG } from '../../shared/content/blog.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { forgetContent } from '../../worker/content/service.ts';
import { CA_HOST, US_HOST, page } from './helpers.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The article links of the list page, in order. */
const cardLinks = (html: string) =>
  [...html.matchAll(/<li class="blog-card"><a href="(\/blogs\/[a-z0-9-]+)"/g)].map((match) => match[1]);

/** The visible words of an article's body. */
function articleWords(html: string): number {
  const body = html.slice(html.indexOf('<article class="blog-article"'), html.indexOf('</article>'));
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');
  return text.split(/\s+/).filter(Boolean).length;
}

function jsonLd(html: string): Record<string, unknown> {
  const match = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

async function putBanner(items: unknown[]) {
  await env.SETTINGS.put(KV_KEY.contentConfig(BLOG_BANNER_KEY), JSON.stringify({ type: 'blog banner', items }));
  forgetContent();
}

describe('the blog list', () => {
  it('shows at least six article cards, newest first, each with its image, title, date and summary', async () => {
    const { status, html } = await page(`${US_HOST}/blogs`);
    expect(status).toBe(200);
    const links = cardLinks(html);
    expect(links.length).toBeGreaterThanOrEqual(6);
    const dates = [...html.matchAll(/<time dateTime="(\d{4}-\d{2}-\d{2})"/g)].map((match) => match[1] ?? '');
    expect(dates).toHaveLength(links.length);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(html).toContain(`src="${staticAsset('/static/blog/check-brake-pads.svg')}"`);
    expect(html).toContain('Nov 3, 2026');
    expect(html).toMatch(/<p class="blog-card__summary">[^<]{40,}<\/p>/);
    expect(html).toContain('AutoHaven Parts Team');
  });

  it('answers 404 on the Canadian site, for the list and for an article', async () => {
    expect((await page(`${CA_HOST}/blogs`)).status).toBe(404);
    expect((await page(`${CA_HOST}/blogs/check-brake-pads`)).status).toBe(404);
  });

  it('shows the live blog banner for the market and hides an ended or Canadian-only one', async () => {
    const now = Date.now();
    const banner = {
      image: '/static/blog/banner-blog.svg',
      alt: 'Our spring brake guide',
      href: '/blogs/check-brake-pads',
    };
    await putBanner([{ ...banner, startTime: iso(now - HOUR), endTime: iso(now + HOUR) }]);
    expect((await page(`${US_HOST}/blogs`)).html).toMatch(
      /class="content-banner blog-banner"[\s\S]*Our spring brake guide/,
    );

    await putBanner([{ ...banner, startTime: iso(now - 2 * HOUR), endTime: iso(now - HOUR) }]);
    expect((await page(`${US_HOST}/blogs`)).html).not.toContain('blog-banner');

    await putBanner([{ ...banner, markets: ['ca'] }]);
    expect((await page(`${US_HOST}/blogs`)).html).not.toContain('blog-banner');
  });

  it('leaves out a stored article that is not valid instead of failing the page', async () => {
    await env.SETTINGS.put(KV_KEY.pageContent('/blogs/broken'), JSON.stringify({ route: '/blogs/broken' }));
    forgetContent();
    const { status, html } = await page(`${US_HOST}/blogs`);
    expect(status).toBe(200);
    expect(cardLinks(html)).not.toContain('/blogs/broken');
    expect((await page(`${US_HOST}/blogs/broken`)).status).toBe(404);
    await env.SETTINGS.delete(KV_KEY.pageContent('/blogs/broken'));
    forgetContent();
  });
});

describe('an article', () => {
  it('opens at its own URL with its title, description, canonical link and a full text', async () => {
    const { status, html } = await page(`${US_HOST}/blogs/replace-spark-plugs?utm_source=news`);
    expect(status).toBe(200);
    expect(html).toContain('<title>When and How to Replace Spark Plugs | AutoHaven</title>');
    expect(html).toMatch(/<meta name="description" content="How long copper, platinum and iridium plugs last/);
    expect(html).toContain(`<link rel="canonical" href="${US_HOST}/blogs/replace-spark-plugs"/>`);
    expect(html).toContain('<h1>When and How to Replace Spark Plugs</h1>');
    expect(html).toMatch(/\d+ min read/);
    expect(articleWords(html)).toBeGreaterThanOrEqual(600);
    expect(html).toContain('<a href="/search?keyword=spark%20plugs">spark plugs</a>');
  });

  it('every seeded article is 600 to 1,200 words and links the parts it mentions to a search', async () => {
    const links = cardLinks((await page(`${US_HOST}/blogs`)).html);
    for (const link of links) {
      const { html } = await page(`${US_HOST}${link}`);
      const words = articleWords(html);
      expect(words, link).toBeGreaterThanOrEqual(600);
      expect(words, link).toBeLessThanOrEqual(1300);
      expect(html, link).toMatch(/<a href="\/search\?keyword=[^"]+">/);
    }
  });

  it('describes itself as a schema.org Article with absolute URLs on the shop origin', async () => {
    const { html } = await page(`${US_HOST}/blogs/check-brake-pads`);
    const data = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How to Check Your Brake Pads and Know When to Replace Them',
      image: [`${US_HOST}/static/blog/check-brake-pads.svg`],
      datePublished: '2026-06-02',
      dateModified: '2026-09-15',
      author: { '@type': 'Organization', name: 'AutoHaven Parts Team' },
      publisher: { '@type': 'Organization', name: 'AutoHaven', url: `${US_HOST}/` },
      mainEntityOfPage: { '@id': `${US_HOST}/blogs/check-brake-pads` },
    });
  });

  it('links to the newer and the older article in the list order', async () => {
    const links = cardLinks((await page(`${US_HOST}/blogs`)).html);
    const middle = links[2] ?? '';
    const { html } = await page(`${US_HOST}${middle}`);
    expect(html).toContain(`<a rel="prev" href="${links[1]}">`);
    expect(html).toContain(`<a rel="next" href="${links[3]}">`);
    const newest = (await page(`${US_HOST}${links[0]}`)).html;
    expect(newest).not.toContain('rel="prev"');
    expect(newest).toContain(`<a rel="next" href="${links[1]}">`);
  });

  it('answers the 404 page for an unknown or malformed slug', async () => {
    for (const slug of ['no-such-article', 'Brake_Pads', 'a--b', '%3Cscript%3E']) {
      const { status, html } = await page(`${US_HOST}/blogs/${slug}`);
      expect(status, slug).toBe(404);
      expect(html).toContain('404');
    }
  });
});

describe('articles in the sitemap', () => {
  it('lists every article with its last change on the US sitemap and none on the Canadian one', async () => {
    const us = (await page(`${US_HOST}/sitemap.xml`)).html;
    expect(us).toMatch(/<loc>[^<]*\/blogs\/check-brake-pads<\/loc><lastmod>2026-09-15<\/lastmod>/);
    expect(us).toMatch(/<loc>[^<]*\/blogs\/replace-spark-plugs<\/loc>/);
    const ca = (await page(`${CA_HOST}/sitemap.xml`)).html;
    expect(ca).not.toContain('/blogs');
  });
});

describe('the article schema an editor saves with', () => {
  it('refuses an article without an image, a summary or a valid date, with messages an editor can act on', () => {
    const result = blogArticleSchema.safeParse({
      route: '/blogs/new-article',
      title: 'New',
      description: '',
      datePublished: '2026-13-45',
      dateModified: '2026-01-01',
      author: 'Parts Team',
      sections: [{ paragraphs: ['Text'] }],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain(BLOG_MSG.description);
    expect(messages).toContain(BLOG_MSG.date);
    expect(messages.some((message) => message.includes('expected object'))).toBe(true);
  });
});
