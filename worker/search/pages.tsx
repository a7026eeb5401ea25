import { Hono } from 'hono';
import { SORT_OPTIONS } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { IMPORTANT_CATEGORY_BANNER_KEY } from '../../shared/content/blog.ts';
import { contentConfig } from '../content/service.ts';
import { CategoryBanner } from '../content/views/BlogBanner.tsx';
import { systemClock } from '../platform/clock.ts';
import { currentVehicleId, vehiclePath } from '../vehicles/service.ts';
import type { SortValue } from './service.ts';
import { understandSearch } from './understanding.ts';
import { searchRankingOf } from '../tracking/http.ts';
import { catalogWords, categoryTrail } from './vocabulary.ts';
import { SearchPage } from './views/SearchPage.tsx';
import { currentLocale } from '../../shared/i18n/current.ts';
import { localWords } from '../catalog/service.ts';
import { englishSearch } from './french-query.ts';

/** A whole number from a query value within bounds, or undefined: a page never fails on its query. */
function whole(value: string | undefined, min: number, max: number): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * /search: keyword, category, brand, sort and page, about the shopper's vehicle (the query's attributeValueId, else
 * the current one the garage keeps): only parts that fit it (universal ones too) unless `fits=all`.
 */
export const searchPage = new Hono<AppEnv>().get('/search', async (c) => {
  const url = new URL(c.req.url);
  const keyword = (c.req.query('keyword') ?? '').slice(0, 200);
  const sort = SORT_OPTIONS.some((option) => option.value === c.req.query('sort'))
    ? (c.req.query('sort') as SortValue)
    : undefined;
  const { id: vehicleId, fromQuery } = currentVehicleId(c);
  const categoryId = whole(c.req.query('category'), 1, 2 ** 31);
  const brand = whole(c.req.query('brand'), 1, 2 ** 31);
  const [vehicle, words, banners] = await Promise.all([
    vehicleId ? vehiclePath(c.env.DB, vehicleId) : null,
    categoryId ? catalogWords(c.env.DB) : null,
    categoryId ? contentConfig(c.env.SETTINGS, systemClock, IMPORTANT_CATEGORY_BANNER_KEY) : null,
  ]);
  // Only fitting parts for the page's vehicle: the shopper's, or one the words name (understanding.ts).
  const fitsOnly = c.req.query('fits') !== 'all';
  const french = currentLocale() === 'fr';
  const found = words && categoryId ? categoryTrail(words, categoryId) : null;
  const trail = found && french ? frenchTrail(found) : found;
  // A French search looks for the catalog's English words, exactly as translated (no English spelling fixes).
  const searchWords = french && keyword ? englishSearch(keyword) : keyword;
  const translated = searchWords !== keyword;
  const ranking = await searchRankingOf(c);
  // The search runs while the shell loads.
  const searched = understandSearch(
    c.env.DB,
    c.var.market.id,
    {
      keyword: searchWords || undefined,
      categoryId,
      brandIds: brand ? [brand] : undefined,
      vehicleNodeIds: vehicle?.nodeIds,
      fitsOnly,
      sort,
      ranking,
      page: whole(c.req.query('page'), 1, 500) ?? 1,
      size: 20,
    },
    { asTyped: translated || c.req.query('asTyped') === '1' },
  ).then((understood) => (french ? frenchAnswer(understood, translated ? keyword : null) : understood));
  const shown = vehicle && { name: vehicle.name };
  return c.render(
    (_shell, understood) => (
      <>
        {trail && (
          <CategoryBanner config={banners} categoryId={categoryId} market={c.var.market.id} now={systemClock.now()} />
        )}
        <SearchPage
          keyword={keyword}
          params={url.searchParams}
          found={understood}
          trail={trail}
          vehicle={shown}
          fitsOnly={fitsOnly}
          vehicleIds={fromQuery && vehicle ? vehicle.nodeIds.join(',') : undefined}
        />
      </>
    ),
    {
      pageType: 'search results',
      robots: 'noindex, follow',
      data: searched,
    },
  );
});

type Trail = NonNullable<ReturnType<typeof categoryTrail>>;
type Understood = Awaited<ReturnType<typeof understandSearch>>;

/** The breadcrumb's categories in French. */
function frenchTrail(trail: Trail): Trail {
  const named = <T extends { name: string }>(category: T): T => ({ ...category, name: localWords(category.name) });
  return { category: named(trail.category), parent: trail.parent && named(trail.parent) };
}

/** The answer as a French page shows it: category names in French, the words the shopper typed. */
function frenchAnswer(understood: Understood, typed: string | null): Understood {
  const { answer } = understood;
  const categories = answer.facets.categories.map((option) => ({ ...option, name: localWords(option.name) }));
  return {
    ...understood,
    ...(typed !== null && { searched: typed, spelling: null }),
    answer: { ...answer, facets: { ...answer.facets, categories } },
  };
}
