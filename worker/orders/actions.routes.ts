import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { cancelAndRefund } from './service.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';

/** What a shopper can do to a placed order (§7 Orders and payment). */

const cancel = endpoint({
  method: 'post',
  path: '/order/public/requisition/order/cancel',
  tag: 'orders',
  summary:
    "Cancel an order while it is still processing: a member their own, a visitor with the order's email. " +
    'Stock, points and coupons go back; a paid order is refunded in full',
  body: z.object({ orderId: z.string().min(1).max(40), email: z.string().max(55).optional() }),
  response: z.object({ orderId: z.string(), status: z.literal('CANCELLED'), refunded: z.boolean() }),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const orderActionsEndpoints: readonly Endpoint[] = [cancel];

export const orderActionsApi = new Hono<AppEnv>().post(cancel.path, async (c) => {
  const body = await readBody(c, cancel);
  const owner = { accountId: c.var.member?.accountId ?? null, email: c.var.member ? null : (body.email ?? null) };
  return c.json(ok(await cancelAndRefund(c.env, body.orderId, owner, Date.now())));
});
