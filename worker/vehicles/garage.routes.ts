import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import {
  addToGarage,
  clearGarage,
  editGarageVehicle,
  listGarage,
  mergeLocalGarage,
  removeFromGarage,
} from './garage.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import {
  garageEditBody,
  garageIdQuery,
  garagePushBody,
  idAnswer,
  savedVehicleSchema,
  vehicleBody,
} from '../../shared/api/garage.ts';

const add = endpoint({
  ...API.garageAdd,
  tag: 'garage',
  auth: true,
  summary:
    'Add a vehicle to the garage (an existing one is only made the default; the first one is the default); answers ' +
    'its id',
  body: vehicleBody,
  response: idAnswer,
});
const edit = endpoint({
  ...API.garageEdit,
  tag: 'garage',
  auth: true,
  summary: 'Make a saved vehicle the default (isDefault: true) and/or change it to another vehicle; answers its id',
  body: garageEditBody,
  response: idAnswer,
});
const remove = endpoint({
  ...API.garageRemove,
  tag: 'garage',
  auth: true,
  summary: 'Delete a saved vehicle; when it was the default, the newest one left becomes the default',
  query: garageIdQuery,
  response: z.null(),
});
const list = endpoint({
  ...API.garageList,
  tag: 'garage',
  auth: true,
  summary: "The member's saved vehicles (§3), default first",
  response: z.array(savedVehicleSchema),
});
const clear = endpoint({
  ...API.garageClear,
  tag: 'garage',
  auth: true,
  summary: 'Empty the garage',
  response: z.null(),
});
const push = endpoint({
  ...API.garagePush,
  tag: 'garage',
  auth: true,
  summary: "On sign-in, merge the visitor's local garage (newest first) into the member's; answers the merged garage",
  body: garagePushBody,
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
