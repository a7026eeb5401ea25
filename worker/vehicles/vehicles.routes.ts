import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { LEVEL, attributeValueIdOf } from '../../shared/vehicle.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { childrenOf, decodeVin, topMakes, vehicleById, vehicleByValues, VEHICLE_NOT_FOUND } from './service.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { vehicleOption, vehicleOptionsQuery, vinAnswer, vinQuery } from '../../shared/api/vehicles.ts';

const nodeId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const attribute = z.object({ id: z.number().int(), value: z.string(), text: z.string() });
const vehicleSchema = z.object({
  year: attribute,
  make: attribute,
  model: attribute,
  trim: attribute.nullable().optional(),
  engine: attribute.nullable().optional(),
});
const text = z.string().trim().min(1).max(80);

const keyMap = endpoint({
  method: 'get',
  path: '/item/public/attr/key/car-model/map',
  tag: 'vehicle',
  summary: 'The vehicle attribute levels: Year=1, Make=2, Model=3, Trim=4, Engine=5',
  response: z.record(z.string(), z.number().int()),
});
const children = endpoint({
  ...API.vehicleOptions,
  tag: 'vehicle',
  summary: 'The children of a level value (years without attributeValueId); levels 0 to 5',
  query: vehicleOptionsQuery,
  response: z.array(vehicleOption),
});
const topMakesCall = endpoint({
  method: 'get',
  path: '/item/public/buyer/top-makes',
  tag: 'vehicle',
  summary: 'The makes with the most parts',
  query: z.object({ size: z.coerce.number().int().min(1).max(50).default(12) }),
  response: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
});
const vehicleId = endpoint({
  method: 'get',
  path: '/item/public/buyer/car-model/vehicle-id',
  tag: 'vehicle',
  summary:
    'A vehicle by id (attributeValueId) or by its values (year, make, model, trim, engine), with its ' +
    'attributeValueId (an id the vehicle base moved answers its successor)',
  query: z.object({
    attributeValueId: nodeId.optional(),
    year: text.optional(),
    make: text.optional(),
    model: text.optional(),
    trim: text.optional(),
    engine: text.optional(),
  }),
  response: z.object({ attributeValueId: z.number().int(), vehicle: vehicleSchema }),
});
const vin = endpoint({
  ...API.vinDecode,
  tag: 'vehicle',
  summary:
    'Decode a VIN to model year, make and model (null when its vPIC patterns do not name one), with the models of ' +
    'that make to choose from (documented addition)',
  query: vinQuery,
  response: vinAnswer,
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const vehiclesEndpoints: readonly Endpoint[] = [keyMap, children, topMakesCall, vehicleId, vin];

/** The vehicle selector's calls (§7 Search and items). */
export const vehiclesApi = new Hono<AppEnv>()
  .get(keyMap.path, (c) =>
    c.json(ok({ Year: LEVEL.year, Make: LEVEL.make, Model: LEVEL.model, Trim: LEVEL.trim, Engine: LEVEL.engine })),
  )
  .get(children.path, async (c) => {
    const { attributeValueId, level } = readQuery(c, children);
    c.header('Cache-Control', 'public, max-age=3600');
    const nodes = await childrenOf(c.env.DB, attributeValueId ?? null, level);
    return c.json(
      ok(nodes.map(({ id, level: nodeLevel, value, text: label }) => ({ id, level: nodeLevel, value, text: label }))),
    );
  })
  .get(topMakesCall.path, async (c) =>
    c.json(ok(await topMakes(c.env.DB, systemClock, readQuery(c, topMakesCall).size))),
  )
  .get(vehicleId.path, async (c) => {
    const query = readQuery(c, vehicleId);
    if (query.attributeValueId) {
      const vehicle = await vehicleById(c.env.DB, query.attributeValueId);
      if (!vehicle) throw ApiError.notFound(VEHICLE_NOT_FOUND);
      // Its own deepest id: a moved id answers its successor's.
      return c.json(ok({ attributeValueId: attributeValueIdOf(vehicle), vehicle }));
    }
    if (!query.year || !query.make || !query.model)
      throw ApiError.badRequest('year, make and model are required without attributeValueId');
    const vehicle = await vehicleByValues(c.env.DB, {
      year: query.year,
      make: query.make,
      model: query.model,
      trim: query.trim,
      engine: query.engine,
    });
    return c.json(ok({ attributeValueId: attributeValueIdOf(vehicle), vehicle }));
  })
  .get(vin.path, async (c) => c.json(ok(await decodeVin(c.env.DB, readQuery(c, vin).vin))));
