import { Hono } from 'hono';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { cancelOrderFor } from './service.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { cancelledAnswer, cancelOrderBody } from '../../shared/api/orders.ts';

/** What a shopper can do to a placed order (§7 Orders and payment). */

const cancel = endpoint({
  ...API.orderCancel,
  tag: 'orders',
  summary:
    "Cancel an order while it is still processing: a member their own, a guest with the order's orderToken. " +
    'Stock, points and coupons go back; a paid order is refunded in full',
  body: cancelOrderBody,
  response: cancelledAnswer,
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const orderActionsEndpoints: readonly Endpoint[] = [cancel];

export const orderActionsApi = new Hono<AppEnv>().post(cancel.path, async (c) => {
  const body = await readBody(c, cancel);
  const access = {
    orderId: body.orderId,
    ip: clientIp(c),
    accountId: c.var.member?.accountId ?? null,
    token: body.orderToken ?? null,
  };
  return c.json(ok(await cancelOrderFor(c.env, access, Date.now())));
});
