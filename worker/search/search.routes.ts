import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { SEARCH_PAGE_SIZE, SORT_OPTIONS } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import type { SortValue } from './service.ts';
import { understandSearch } from './understanding.ts';
import { searchRankingOf } from '../tracking/http.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';

const SORT_VALUES = SORT_OPTIONS.map((option) => option.value) as [SortValue, ...SortValue[]];
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
/** Comma-joined positive ids ('12,15'); empty means none. */
const idList = z
  .string()
  .max(2000)
  .regex(/^\s*(\d{1,10}\s*(,\s*\d{1,10}\s*)*)?,?\s*$/, 'must be comma-joined ids')
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(Number),
  );
const cents = z.coerce.number().int().min(0).max(100_000_000);
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const baseQuery = z.object({
  keyword: z.string().max(200).optional(),
  categoryId: id.optional(),
  brandId: idList.optional(),
  minPrice: cents.optional(),
  maxPrice: cents.optional(),
  attributeValueIds: idList.optional(),
  fitsOnly: flag.optional(),
  soldOut: flag.optional(),
  /** Search the words exactly as typed: no vehicle words taken out, no spelling correction. */
  asTyped: flag.optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
  size: z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
  sort: z.enum(SORT_VALUES, { error: 'must be one of the listed sort options' }).optional(),
});
const named = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
const response = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  records: z.array(
    z.object({
      itemId: z.number().int(),
      title: z.string(),
      urlHandle: z.string().nullable(),
      imageUrl: z.string().nullable(),
      brandName: z.string().nullable(),
      partNumber: z.string().nullable(),
      discountPrice: z.number().int().nullable(),
      originalPrice: z.number().int().nullable(),
      maxPrice: z.number().int().nullable().optional(),
      currency: z.enum(['USD', 'CAD']),
      status: z.string(),
      reviewRating: z.number().nullable(),
      reviewCount: z.number().int(),
      vehicleUniversal: z.boolean(),
      nonVehicle: z.boolean(),
      fits: z.boolean().nullable(),
    }),
  ),
  facets: z.object({
    categories: z.array(named),
    brands: z.array(named),
    price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
  }),
  /** With fitsOnly and a vehicle: how many parts that do not fit the filters hide (null: not counted). */
  hiddenByFit: z.number().int().nullable(),
  /**
   * The keyword matched more parts than a search considers (its best sellers, the parts that fit the vehicle, an exact
   * part number): total, hiddenByFit and the facets count the parts considered, which a category or brand narrows.
   */
  capped: z.boolean(),
  /** The words searched: the keyword without its vehicle words, corrected when a correction was applied. */
  searched: z.string(),
  /** A correction of misspelt part words: applied (these are its results) or only suggested. */
  spelling: z.object({ keyword: z.string(), applied: z.boolean() }).nullable(),
  /**
   * The vehicle the keyword named (a model, with its year and engine size when named), applied to this search as the
   * selector would apply it: its node (null for every year of a model named without one) and what is still missing
   * (its year, or its engine), each answer as the words to search. asTyped=true searches without it.
   */
  appliedVehicle: z
    .object({
      name: z.string(),
      attributeValueId: z.number().int().nullable(),
      /** The attributeValueIds a part's fit is checked against (year first); null without a year. */
      path: z.array(z.number().int()).nullable(),
      ask: z
        .object({
          level: z.enum(['year', 'engine']),
          options: z.array(z.object({ label: z.string(), keyword: z.string() })),
        })
        .nullable(),
    })
    .nullable(),
  /** A make the keyword named alone, offered with its page (a model named is applied: appliedVehicle). */
  vehicleOffer: z
    .object({
      name: z.string(),
      attributeValueId: z.number().int().nullable(),
      makeSlug: z.string(),
      modelSlug: z.string().nullable(),
    })
    .nullable(),
});
const summary =
  'Search products by keyword, category, brand, price and vehicle (fitting parts first), with facets; sort is one of ' +
  '§9. A vehicle the keyword names is applied (only its fitting parts unless fitsOnly=false) and its words left out ' +
  'of the search; misspelt part words are corrected when the words as typed find nothing (asTyped turns both off)';

const buyerSearch = endpoint({
  method: 'get',
  path: '/search/public/buyer/items/filter-search',
  tag: 'search',
  summary,
  query: baseQuery,
  response,
});
const proSearch = endpoint({
  method: 'get',
  path: '/search-pro/public/items/filter-search',
  tag: 'search',
  summary: `${summary}; diversionName (A|B) and the sessionId header are accepted for experiments`,
  query: baseQuery.extend({ diversionName: z.enum(['A', 'B']).optional() }),
  response,
});

async function answer(c: Context<AppEnv>, query: z.infer<typeof baseQuery>, group?: 'A1' | 'B') {
  const ranking = await searchRankingOf(c, group);
  const found = await understandSearch(
    c.env.DB,
    c.var.market.id,
    {
      keyword: query.keyword,
      categoryId: query.categoryId,
      brandIds: query.brandId,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      vehicleNodeIds: query.attributeValueIds,
      fitsOnly: query.fitsOnly,
      soldOut: query.soldOut,
      page: query.page,
      size: query.size,
      sort: query.sort,
      ranking,
    },
    { asTyped: query.asTyped },
  );
  const { answer: data, searched, spelling, vehicleOffer, appliedVehicle } = found;
  return c.json(ok({ ...data, searched, spelling, vehicleOffer, appliedVehicle }));
}

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const searchEndpoints: readonly Endpoint[] = [buyerSearch, proSearch];

/** The product search calls (§7): the buyer search and the experiment-aware search-pro, answering alike. */
export const searchApi = new Hono<AppEnv>()
  .get(buyerSearch.path, (c) => answer(c, readQuery(c, buyerSearch)))
  .get(proSearch.path, (c) => {
    // The experiment group (A or B) may be named in the query; the session header is accepted for parity.
    const { diversionName, ...query } = readQuery(c, proSearch);
    void c.req.header('sessionId');
    return answer(c, query, diversionName === 'A' ? 'A1' : diversionName);
  });
