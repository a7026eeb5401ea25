import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import { log } from '../platform/log.ts';
import type { AppEnv } from '../env.ts';
import { vehiclePath } from '../vehicles/service.ts';
import { fitmentTable, itemIdOf, lookupFitment } from './service.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { cardFit, fitListQuery, fitQuery, matchAnswer, optionalId } from '../../shared/api/vehicles.ts';

const match = endpoint({
  ...API.fitmentMatch,
  tag: 'item',
  summary:
    'Whether a product fits the chosen vehicle (§3, §4): FIT, NOT_FIT, UNCERTAIN with the level to add, or EMPTY. ' +
    'attributeValueIds is the chosen path, year first; the last (deepest) id decides. Without skuId or itemId the ' +
    'answer is null (§5)',
  query: fitQuery,
  response: matchAnswer.nullable(),
});

const tableRow = z.object({
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  subModel: z.string().nullable(),
  series: z.string().nullable(),
  engine: z.string().nullable(),
  engineCode: z.string().nullable(),
  engineType: z.string().nullable(),
  bodyStyle: z.string().nullable(),
  location: z.string().nullable(),
  note: z.string().nullable(),
  quantity: z.number().int(),
});
const includeV2 = endpoint({
  method: 'get',
  path: '/item/public/buyer/item/relation/car-model-include-v2',
  tag: 'item',
  summary:
    'The vehicles a product fits, as the §3 fitment table sorted by make, model, year, sub-model and engine, paged',
  query: z
    .object({
      itemId: optionalId,
      skuId: optionalId,
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(200).default(50),
    })
    .refine((query) => query.itemId !== undefined || query.skuId !== undefined, {
      message: 'itemId or skuId is required',
    }),
  response: z.object({
    applies: z.boolean(),
    universal: z.boolean(),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    records: z.array(tableRow),
  }),
});

const matchList = endpoint({
  ...API.fitmentMatchList,
  tag: 'item',
  summary:
    'The fit of up to 100 products for the chosen vehicle in one answer, for product cards and cart lines ' +
    '(documented addition)',
  query: fitListQuery,
  response: z.array(cardFit),
});

/** The item named by the query, or a 404 that says which id was not found. */
async function requireItemId(db: D1Database, ids: { itemId?: number; skuId?: number }): Promise<number> {
  const itemId = await itemIdOf(db, ids);
  if (itemId === null) throw ApiError.notFound(`No SKU with id ${ids.skuId}`);
  return itemId;
}

/** The vehicle the chosen path stands for (null when none is chosen); its deepest id decides. */
async function chosenVehicle(db: D1Database, nodeIds: readonly number[] | undefined) {
  const deepest = nodeIds?.at(-1);
  if (deepest === undefined) return null;
  const vehicle = await vehiclePath(db, deepest);
  if (!vehicle) throw ApiError.notFound(`No vehicle (model year, trim or engine) with id ${deepest}`);
  // A moved id stands for its successor; the rest of its old path names the vehicle it was.
  if (vehicle.movedFrom === undefined && nodeIds!.some((id) => !vehicle.nodeIds.includes(id)))
    throw ApiError.badRequest('attributeValueIds must be one path through the vehicle tree, year first');
  return vehicle;
}

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const fitmentEndpoints: readonly Endpoint[] = [match, includeV2, matchList];

/** Fitment calls of §7: the fit badge of one product and its fitment table. */
export const fitmentApi = new Hono<AppEnv>()
  .get(match.path, async (c) => {
    const query = readQuery(c, match);
    if (query.itemId === undefined && query.skuId === undefined) {
      log.error('universal match without skuId or itemId', undefined, { query: new URL(c.req.url).search });
      return c.json(ok(null));
    }
    const [itemId, vehicle] = await Promise.all([
      requireItemId(c.env.DB, query),
      chosenVehicle(c.env.DB, query.attributeValueIds),
    ]);
    const answer = (await lookupFitment(c.env.DB, vehicle, [itemId])).get(itemId);
    if (!answer) throw ApiError.notFound(`No item with id ${itemId}`);
    const { status, ...rest } = answer;
    return c.json(ok({ carModelMatch: status, ...rest }));
  })
  .get(matchList.path, async (c) => {
    const { itemIds, attributeValueIds } = readQuery(c, matchList);
    const answers = await lookupFitment(c.env.DB, await chosenVehicle(c.env.DB, attributeValueIds), itemIds);
    return c.json(
      ok(
        itemIds.flatMap((itemId) => {
          const answer = answers.get(itemId);
          if (!answer) return [];
          const { status, ...rest } = answer;
          return [{ itemId, carModelMatch: status, ...rest }];
        }),
      ),
    );
  })
  .get(includeV2.path, async (c) => {
    const query = readQuery(c, includeV2);
    const itemId = await requireItemId(c.env.DB, query);
    const table = await fitmentTable(c.env.DB, itemId, query.page, query.size);
    if (!table) throw ApiError.notFound(`No item with id ${itemId}`);
    return c.json(ok(table));
  });
