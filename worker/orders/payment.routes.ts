import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { orderPing } from './access.ts';
import { holdOrderStock } from './hold.ts';
import { orderPaidResult, orderPaymentCheck, orderPaymentReference, paymentRoute } from './payment-status.ts';
import { orderOwnerOf } from './http.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { orderOwner, orderOwnerQuery, paidResultAnswer, paymentResult } from '../../shared/api/payments.ts';

/**
 * An order's payment as its shopper follows it (§7 Orders and payment): the hold on its parts, its
 * status and latest payment, where to pay, the result page's answer (paying itself: routes/payment.routes.ts).
 */

const P = '/order/public/payment';

const lock = endpoint({
  method: 'post',
  path: `${P}/lock`,
  tag: 'payment',
  summary:
    "Keep the order's stock while the shopper is in the payment window: the hold runs another 30 minutes from now",
  body: z.object(orderOwner),
  response: z.object({ orderId: z.string(), holdExpiresAt: z.number() }),
});
const check = endpoint({
  method: 'get',
  path: `${P}/st/check`,
  tag: 'payment',
  summary: "The order's status and its latest payment's result",
  query: z.object(orderOwner),
  response: z.object({ orderId: z.string(), orderStatus: z.string(), payment: paymentResult.nullable() }),
});
const thirdPart = endpoint({
  method: 'get',
  path: `${P}/third_part/order`,
  tag: 'payment',
  summary: "The payment provider's reference of the order's latest payment",
  query: z.object(orderOwner),
  response: z.object({
    orderId: z.string(),
    provider: z.string().nullable(),
    providerRef: z.string().nullable(),
    status: z.string().nullable(),
  }),
});
const ROUTERS = ['router', 'quick/router', 'default/router', 'link/router'] as const;
const router = (name: (typeof ROUTERS)[number]) =>
  endpoint({
    method: 'get',
    path: `${P}/${name}`,
    tag: 'payment',
    summary:
      `Payment router (${name}): where to take the shopper to pay this order: the provider window url of ` +
      'the payment under way, else the checkout result page',
    query: z.object(orderOwner),
    response: z.object({ orderId: z.string(), next: z.enum(['window', 'result', 'checkout']), url: z.string() }),
  });
const routers = ROUTERS.map(router);
const paidResult = endpoint({
  ...API.paidResult,
  tag: 'payment',
  summary: "The result page's answer: SUCCEEDED, PENDING or FAILED with the shopper's message, and the order's total",
  query: orderOwnerQuery,
  response: paidResultAnswer,
});
const ping = endpoint({
  method: 'get',
  path: '/order/public/buyer/public/order/ping/:orderId',
  tag: 'payment',
  summary: "A cheap poll of an order's status while a payment settles",
  response: z.object({ orderId: z.string(), status: z.string() }),
});
/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const orderPaymentEndpoints: readonly Endpoint[] = [lock, check, thirdPart, paidResult, ping, ...routers];

export const orderPaymentApi = new Hono<AppEnv>()
  .post(lock.path, async (c) => {
    const body = await readBody(c, lock);
    return c.json(ok(await holdOrderStock(c.env.DB, body.orderId, await orderOwnerOf(c, body), Date.now())));
  })
  .get(check.path, async (c) => {
    const query = readQuery(c, check);
    return c.json(ok(await orderPaymentCheck(c.env.DB, query.orderId, await orderOwnerOf(c, query))));
  })
  .get(thirdPart.path, async (c) => {
    const query = readQuery(c, thirdPart);
    return c.json(ok(await orderPaymentReference(c.env.DB, query.orderId, await orderOwnerOf(c, query))));
  })
  .get(paidResult.path, async (c) => {
    const query = readQuery(c, paidResult);
    return c.json(ok(await orderPaidResult(c.env.DB, query.orderId, await orderOwnerOf(c, query))));
  })
  .get(ping.path, async (c) => {
    const id = (c.req.param('orderId') ?? '').slice(0, 40);
    return c.json(ok(await orderPing(c.env, clientIp(c), id)));
  });

for (const spec of routers) {
  orderPaymentApi.get(spec.path, async (c) => {
    const query = readQuery(c, spec);
    return c.json(ok(await paymentRoute(c.env.DB, query.orderId, await orderOwnerOf(c, query))));
  });
}
