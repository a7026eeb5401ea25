import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';
import { filterPanel } from './filter-panel.ts';
import { categoriesForVehicle } from './service.ts';

/**
 * The counts around a list of parts (§7 Search and items): a vehicle's part categories, and the filter
 * panel of a search or category, both counted by the search they belong to.
 */

const nodeId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const id = nodeId;
const int = z.number().int();
/** Comma-joined positive ids ('12,15'), at most `max` of them. */
const idList = (max: number) =>
  z
    .string()
    .max(2000)
    .regex(/^\s*\d{1,10}(\s*,\s*\d{1,10})*\s*,?\s*$/, 'must be comma-joined ids')
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine((ids) => ids.length <= max, `must hold at most ${max} ids`)
    .refine((ids) => ids.every((value) => value >= 1 && value <= 2 ** 31), 'must be positive ids');
const cents = z.coerce.number().int().min(0).max(100_000_000);
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const currency = z.enum(['USD', 'CAD']);
const named = z.object({ id: int, name: z.string(), count: int });

const categories = endpoint({
  method: 'get',
  path: '/search/public/buyer/category/vehicle-categories',
  tag: 'vehicle',
  summary: 'The part categories with parts for a vehicle (its parts and universal ones)',
  query: z.object({ attributeValueId: nodeId }),
  response: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      handle: z.string(),
      parentName: z.string(),
      items: z.number().int(),
    }),
  ),
});

const filter = endpoint({
  method: 'get',
  path: '/item/public/buyer/filter',
  tag: 'item',
  summary:
    'The filter panel of a search or category: the total, category and brand counts (each without its own filter), ' +
    'the price range and price bands with counts (cents; max null is open-ended). Same filters as filter-search',
  query: z.object({
    keyword: z.string().max(200).optional(),
    categoryId: id.optional(),
    brandId: idList(50).optional(),
    minPrice: cents.optional(),
    maxPrice: cents.optional(),
    attributeValueIds: idList(10).optional(),
    fitsOnly: flag.optional(),
    soldOut: flag.optional(),
  }),
  response: z.object({
    total: int,
    categories: z.array(named),
    brands: z.array(named),
    price: z.object({ min: int.nullable(), max: int.nullable(), currency }),
    priceRanges: z.array(z.object({ min: int, max: int.nullable(), label: z.string(), count: int })),
  }),
});

/** The calls this module mounts, as /openapi.json documents them. */
export const categoryEndpoints: readonly Endpoint[] = [categories, filter];

export const categoryApi = new Hono<AppEnv>()
  .get(categories.path, async (c) => {
    const { attributeValueId } = readQuery(c, categories);
    return c.json(ok(await categoriesForVehicle(c.env.DB, attributeValueId, c.var.market.id)));
  })
  .get(filter.path, async (c) => {
    const query = readQuery(c, filter);
    return c.json(
      ok(
        await filterPanel(c.env.DB, c.var.market.id, {
          keyword: query.keyword,
          categoryId: query.categoryId,
          brandIds: query.brandId,
          minPrice: query.minPrice,
          maxPrice: query.maxPrice,
          vehicleNodeIds: query.attributeValueIds,
          fitsOnly: query.fitsOnly,
          soldOut: query.soldOut,
        }),
      ),
    );
  });
