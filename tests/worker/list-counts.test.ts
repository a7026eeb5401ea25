import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { US_HOST, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

/**
 * Every count a list page shows (issue 36): the total, the "hidden" count and each facet's or category's count is what
 * its link then lists. The test follows every counted link of the shop's list pages, with and without a vehicle.
 */

beforeAll(loadCatalogFixture);

const htmlHref = (href: string) => href.replace(/&amp;/g, '&');
const totalOf = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1] ?? Number.NaN);

/** The links of a page that carry a count: facet options "Brake Pads (12)" and category tiles "Brake Pads (12)". */
function countedLinks(html: string): { href: string; label: string; count: number }[] {
  const sidebar = html.includes('<aside class="search-facets"')
    ? html.slice(html.indexOf('<aside class="search-facets"'), html.indexOf('</aside>'))
    : html;
  const links = [
    ...sidebar.matchAll(/<a (?:class="facet-option" )?href="(\/search\?[^"]+)"[^>]*>([^<]*?)(?:<small>)?\((\d+)\)/g),
  ];
  return links.map(([, href, label, count]) => ({ href: htmlHref(href!), label: label!.trim(), count: Number(count) }));
}

/** What is wrong with one page's counts: each counted link, and the hidden count against "Show all". */
async function countProblems(path: string): Promise<string[]> {
  const { status, html } = await page(`${US_HOST}${path}`);
  if (status !== 200) return [`${path} answered ${status}`];
  const problems: string[] = [];
  for (const link of countedLinks(html)) {
    const shown = totalOf((await page(`${US_HOST}${link.href}`)).html);
    if (shown !== link.count) problems.push(`${path}: "${link.label}" says ${link.count}, ${link.href} lists ${shown}`);
  }
  const hidden = /data-fit-notice="hidden" data-hidden="(\d+)"/.exec(html)?.[1];
  const showAll = /href="(\/search\?[^"]*fits=all[^"]*)">Show all/.exec(html)?.[1];
  if (hidden !== undefined && showAll) {
    const all = totalOf((await page(`${US_HOST}${htmlHref(showAll)}`)).html);
    if (all !== totalOf(html) + Number(hidden))
      problems.push(`${path}: ${totalOf(html)} shown and ${hidden} hidden, but "Show all" lists ${all}`);
  }
  return problems;
}

describe('the counts of the list pages', () => {
  it('each equal what its link lists: search, category, vehicle and make pages, with a vehicle or not', async () => {
    const vehicle = await env.DB.prepare(
      `SELECT n.id, n.year, m.slug AS model, k.slug AS make FROM fitment f JOIN vehicle_node n ON n.id = f.model_node_id
        JOIN vehicle_model m ON m.id = n.model_id JOIN vehicle_make k ON k.id = m.make_id
       GROUP BY n.id ORDER BY count(*) DESC, n.id LIMIT 1`,
    ).first<{ id: number; year: number; model: string; make: string }>();
    const category = await env.DB.prepare(
      `SELECT back_category_id AS id FROM item GROUP BY back_category_id ORDER BY count(*) DESC LIMIT 1`,
    ).first<{ id: number }>();
    const v = vehicle!.id;
    const paths = [
      '/search?keyword=brake',
      `/search?keyword=brake&attributeValueId=${v}`,
      `/search?keyword=brake&attributeValueId=${v}&fits=all`,
      `/search?category=${category!.id}`,
      `/search?category=${category!.id}&attributeValueId=${v}`,
      `/search?attributeValueId=${v}`,
      `/parts/${v}`,
      `/makes/${vehicle!.make}?model=${vehicle!.model}&year=${vehicle!.year}`,
    ];
    const problems: string[] = [];
    let walked = 0;
    for (const path of paths) {
      walked += countedLinks((await page(`${US_HOST}${path}`)).html).length;
      problems.push(...(await countProblems(path)));
    }
    expect(walked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  }, 120_000);
});
