import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { expressShippingOptions, moveOrder } from './service.ts';
import { orderTokenField } from './schemas.ts';
import { clientIp } from '../platform/client-ip.ts';
import { shipToAddress } from '../../shared/api/accounts.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';

const orderId = z.string().min(1, 'must not be empty').max(40, 'is too long');
const orderAnswer = z.record(z.string(), z.unknown());

const memberAddress = endpoint({
  method: 'put',
  path: '/order/public/buyer/auth/order/address',
  tag: 'orders',
  auth: true,
  summary:
    "Change a member's order's ship-to address before it ships: an unpaid order is re-taxed for the new state " +
    'or province; a paid one only where tax and shipping stay the same',
  body: z.object({ orderId, address: shipToAddress }),
  response: orderAnswer,
});
const quickOrder = endpoint({
  method: 'patch',
  path: '/order/public/quick/:provider/order',
  tag: 'orders',
  summary:
    "Express checkout (a wallet's payment sheet, provider e.g. card): the sheet's shipping address updates the " +
    'unpaid order (re-taxed); answers the order with its new total',
  body: z.object({
    orderId,
    orderToken: orderTokenField,
    email: z.string().max(55).optional(),
    address: shipToAddress,
  }),
  response: orderAnswer,
});
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

/** A member by their session; a guest by the order-access token from placement (the email opens nothing). */
const accessOf = (c: Context<AppEnv>, body: { orderId: string; orderToken?: string }) => ({
  orderId: body.orderId,
  ip: clientIp(c),
  accountId: c.var.member?.accountId ?? null,
  token: body.orderToken ?? null,
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const orderAddressEndpoints: readonly Endpoint[] = [memberAddress, quickOrder, quickOptions];

/** Where a placed order ships, and the express-checkout updates from a wallet's sheet. */
export const orderAddressApi = new Hono<AppEnv>()
  .use(memberAddress.path, requireMember)
  .put(memberAddress.path, async (c) => {
    const body = await readBody(c, memberAddress);
    return c.json(ok(await moveOrder(c.env, accessOf(c, { orderId: body.orderId }), body.address, Date.now())));
  })
  .patch(quickOrder.path, async (c) => {
    const body = await readBody(c, quickOrder);
    return c.json(ok(await moveOrder(c.env, accessOf(c, body), body.address, Date.now())));
  })
  .patch(quickOptions.path, async (c) => {
    const body = await readBody(c, quickOptions);
    return c.json(ok(await expressShippingOptions(c.env, accessOf(c, body), body.postCode)));
  });
