import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { MAX_GARAGE_VEHICLES } from '../../shared/garage-rules.ts';
import { requireMember } from '../middleware/auth.ts';
import {
  addToGarage,
  clearGarage,
  editGarageVehicle,
  listGarage,
  mergeLocalGarage,
  removeFromGarage,
} from './garage.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';

const ID_MESSAGE = 'must be a positive whole number';
const idField = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, ID_MESSAGE);
const level = z.object({ id: idField }, { error: 'must be an attribute with an id' });
/** A vehicle as §3 shapes it (the vehicle or its flat form), or only its deepest node id. */
const vehicleFields = {
  attributeValueId: idField.optional(),
  year: level.optional(),
  make: level.optional(),
  model: level.optional(),
  trim: level.nullable().optional(),
  engine: level.nullable().optional(),
};
const vehicleBody = z.object({ ...vehicleFields, isDefault: z.boolean().optional() });

const attributeSchema = z.object({ id: z.number().int(), value: z.string(), text: z.string() });
const savedVehicleSchema = z.object({
  id: z.number().int(),
  isDefault: z.boolean(),
  attributeValueId: z.number().int(),
  year: attributeSchema,
  make: attributeSchema,
  model: attributeSchema,
  trim: attributeSchema.nullable(),
  engine: attributeSchema.nullable(),
});
const idAnswer = z.object({ id: z.number().int() });

const add = endpoint({
  method: 'post',
  path: '/account/buyer/current/garage-vehicle',
  tag: 'garage',
  auth: true,
  summary:
    'Add a vehicle to the garage (an existing one is only made the default; the first one is the default); answers ' +
    'its id',
  body: vehicleBody,
  response: idAnswer,
});
const edit = endpoint({
  method: 'put',
  path: '/account/buyer/current/garage-vehicle',
  tag: 'garage',
  auth: true,
  summary: 'Make a saved vehicle the default (isDefault: true) and/or change it to another vehicle; answers its id',
  body: z.object({ id: idField, ...vehicleFields, isDefault: z.boolean().optional() }),
  response: idAnswer,
});
const remove = endpoint({
  method: 'delete',
  path: '/account/buyer/current/garage-vehicle',
  tag: 'garage',
  auth: true,
  summary: 'Delete a saved vehicle; when it was the default, the newest one left becomes the default',
  query: z.object({
    id: z.coerce
      .number({ error: ID_MESSAGE })
      .int(ID_MESSAGE)
      .positive(ID_MESSAGE)
      .max(Number.MAX_SAFE_INTEGER, ID_MESSAGE),
  }),
  response: z.null(),
});
const list = endpoint({
  method: 'get',
  path: '/account/buyer/current/garage-vehicle/list',
  tag: 'garage',
  auth: true,
  summary: "The member's saved vehicles (§3), default first",
  response: z.array(savedVehicleSchema),
});
const clear = endpoint({
  method: 'delete',
  path: '/account/buyer/current/garage-vehicle/all',
  tag: 'garage',
  auth: true,
  summary: 'Empty the garage',
  response: z.null(),
});
const push = endpoint({
  method: 'post',
  path: '/account/public/buyer/garage-vehicle',
  tag: 'garage',
  auth: true,
  summary: "On sign-in, merge the visitor's local garage (newest first) into the member's; answers the merged garage",
  body: z.object({
    vehicles: z.array(vehicleBody).max(MAX_GARAGE_VEHICLES, `can hold at most ${MAX_GARAGE_VEHICLES} vehicles`),
  }),
  response: z.array(savedVehicleSchema),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const garageEndpoints: readonly Endpoint[] = [add, edit, remove, list, clear, push];

/** The garage (§4 Garage, §7): a member's saved vehicles. */
export const garageApi = new Hono<AppEnv>()
  .use('/account/buyer/*', requireMember)
  .use(push.path, requireMember)
  .get(list.path, async (c) => c.json(ok(await listGarage(c.env.DB, c.var.member!.accountId))))
  .post(add.path, async (c) => {
    const { isDefault, ...vehicle } = await readBody(c, add);
    return c.json(ok({ id: await addToGarage(c.env.DB, c.var.member!.accountId, vehicle, isDefault === true) }));
  })
  .put(edit.path, async (c) => {
    const { id, isDefault, ...vehicle } = await readBody(c, edit);
    return c.json(
      ok({ id: await editGarageVehicle(c.env.DB, c.var.member!.accountId, id, vehicle, isDefault === true) }),
    );
  })
  .delete(remove.path, async (c) => {
    await removeFromGarage(c.env.DB, c.var.member!.accountId, readQuery(c, remove).id);
    return c.json(ok(null));
  })
  .delete(clear.path, async (c) => {
    await clearGarage(c.env.DB, c.var.member!.accountId);
    return c.json(ok(null));
  })
  .post(push.path, async (c) => {
    const { vehicles } = await readBody(c, push);
    return c.json(ok(await mergeLocalGarage(c.env.DB, c.var.member!.accountId, vehicles)));
  });
