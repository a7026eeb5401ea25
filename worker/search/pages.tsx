import { Hono } from 'hono';
import { SORT_OPTIONS } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { vehiclePath } from '../vehicles/service.ts';
import { searchItems, type SortValue } from './service.ts';
import { SearchPage } from './views/SearchPage.tsx';

/** A whole number from a query value within bounds, or undefined: a page never fails on its query. */
function whole(value: string | undefined, min: number, max: number): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** /search: keyword, category, brand, the chosen vehicle (parts that fit first), sort and page. */
export const searchPage = new Hono<AppEnv>().get('/search', async (c) => {
  const url = new URL(c.req.url);
  const keyword = (c.req.query('keyword') ?? '').slice(0, 200);
  const sort = SORT_OPTIONS.some((option) => option.value === c.req.query('sort'))
    ? (c.req.query('sort') as SortValue)
    : undefined;
  const vehicleId = whole(c.req.query('attributeValueId'), 1, 2 ** 31);
  const vehicle = vehicleId ? await vehiclePath(c.env.DB, vehicleId) : null;
  const brand = whole(c.req.query('brand'), 1, 2 ** 31);
  // The search runs while the shell loads.
  const answer = searchItems(c.env.DB, c.var.market.id, {
    keyword: keyword || undefined,
    categoryId: whole(c.req.query('category'), 1, 2 ** 31),
    brandIds: brand ? [brand] : undefined,
    vehicleNodeIds: vehicle?.nodeIds,
    sort,
    page: whole(c.req.query('page'), 1, 500) ?? 1,
    size: 20,
  });
  return c.render((_shell, found) => <SearchPage keyword={keyword} params={url.searchParams} answer={found} />, {
    pageType: 'search results',
    robots: 'noindex, follow',
    data: answer,
  });
});
