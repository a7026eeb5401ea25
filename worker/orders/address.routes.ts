import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { expressShippingOptions } from './address.ts';
import { orderTokenField } from './schemas.ts';
import { orderAccessOf } from './http.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';

const orderId = z.string().min(1, 'must not be empty').max(40, 'is too long');

const quickOptions = endpoint({
  method: 'patch',
  path: '/order/public/quick/:provider/options',
  tag: 'orders',
  summary:
    "Express checkout: the shipping options (with cost) the wallet's sheet offers for a postal code and the " +
    "order's quantity",
  body: z.object({
    orderId,
    orderToken: orderTokenField,
    email: z.string().max(55).optional(),
    postCode: z.string().max(10),
  }),
  response: z.object({
    options: z.array(z.object({ name: z.string(), cost: z.number() })),
    chosen: z.string().nullable(),
  }),
});

/** A member by their session; a guest by the order-access token (given, or left by the order's link). */
const accessOf = orderAccessOf;

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const orderAddressEndpoints: readonly Endpoint[] = [quickOptions];

/** The express checkout's shipping options for a wallet's sheet (changing the address: routes/orders.routes.ts). */
export const orderAddressApi = new Hono<AppEnv>().patch(quickOptions.path, async (c) => {
  const body = await readBody(c, quickOptions);
  return c.json(ok(await expressShippingOptions(c.env, accessOf(c, body), body.postCode)));
});
