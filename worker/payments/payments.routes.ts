import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { pointsBalance } from '../members/service.ts';
import {
  giveUpPayment,
  holdOrderStock,
  orderPaymentCheck,
  orderPaymentReference,
  orderOwnerFor,
  orderPaidResult,
  orderPing,
  payOrder,
  paymentRoute,
} from '../orders/service.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { paymentRuntime } from './runtime.ts';
import { orderOwner, orderOwnerQuery, paidResultAnswer, payBody, paymentResult } from '../../shared/api/payments.ts';

/** Paying for an order (§7 Orders and payment): start, lock, unlock, check, routers, the paid result. */

const P = '/order/public/payment';

const pay = endpoint({
  ...API.pay,
  tag: 'payment',
  summary:
    'Pay for an unpaid order with a method the market offers (paymentType). Answers what happens next: ' +
    "Succeeded, RequiresAction (open url: the provider's window, which closes itself when done), Pending " +
    '(a webhook settles it), Declined (an issuer decline says so, with the next step) or Failed. A payment ' +
    'already under way with the same method is answered again, never charged twice',
  body: payBody,
  response: paymentResult,
});
const lock = endpoint({
  method: 'post',
  path: `${P}/lock`,
  tag: 'payment',
  summary:
    "Keep the order's stock while the shopper is in the payment window: the hold runs another 30 minutes from now",
  body: z.object(orderOwner),
  response: z.object({ orderId: z.string(), holdExpiresAt: z.number() }),
});
const unlock = endpoint({
  method: 'put',
  path: `${P}/unlock`,
  tag: 'payment',
  summary:
    'Give up the payment under way (the shopper chose another method): the open payment expires; ' +
    'the order still awaits payment',
  body: z.object(orderOwner),
  response: z.object({ orderId: z.string(), released: z.number() }),
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
const points = endpoint({
  method: 'post',
  path: '/account/public/buyer/member-points',
  tag: 'payment',
  auth: true,
  summary: "The member's points balance (100 points = $1 on parts)",
  response: z.object({ balance: z.number() }),
});

/** The order's owner once orders' access check passes: a member's session or a guest's order token. */
function ownerOf(c: Context<AppEnv>, request: { orderId: string; orderToken?: string }) {
  const accountId = c.var.member?.accountId ?? null;
  return orderOwnerFor(c.env, { orderId: request.orderId, ip: clientIp(c), accountId, token: request.orderToken });
}

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const paymentsEndpoints: readonly Endpoint[] = [
  pay,
  lock,
  unlock,
  check,
  thirdPart,
  paidResult,
  ping,
  points,
  ...routers,
];

export const paymentsApi = new Hono<AppEnv>()
  .post(pay.path, async (c) => {
    const body = await readBody(c, pay);
    const request = {
      orderId: body.orderId,
      owner: await ownerOf(c, body),
      method: body.paymentType,
      token: body.paymentMethodToken,
    };
    return c.json(ok(await payOrder(c.env, paymentRuntime(c), request)));
  })
  .post(lock.path, async (c) => {
    const body = await readBody(c, lock);
    return c.json(ok(await holdOrderStock(c.env.DB, body.orderId, await ownerOf(c, body), Date.now())));
  })
  .put(unlock.path, async (c) => {
    const body = await readBody(c, unlock);
    return c.json(ok(await giveUpPayment(c.env, paymentRuntime(c), body.orderId, await ownerOf(c, body))));
  })
  .get(check.path, async (c) => {
    const query = readQuery(c, check);
    return c.json(ok(await orderPaymentCheck(c.env.DB, query.orderId, await ownerOf(c, query))));
  })
  .get(thirdPart.path, async (c) => {
    const query = readQuery(c, thirdPart);
    return c.json(ok(await orderPaymentReference(c.env.DB, query.orderId, await ownerOf(c, query))));
  })
  .get(paidResult.path, async (c) => {
    const query = readQuery(c, paidResult);
    return c.json(ok(await orderPaidResult(c.env.DB, query.orderId, await ownerOf(c, query))));
  })
  .get(ping.path, async (c) => {
    const id = (c.req.param('orderId') ?? '').slice(0, 40);
    return c.json(ok(await orderPing(c.env, clientIp(c), id)));
  })
  .use(points.path, requireMember)
  .post(points.path, async (c) => c.json(ok({ balance: await pointsBalance(c.env.DB, c.var.member!.accountId) })));

for (const spec of routers) {
  paymentsApi.get(spec.path, async (c) => {
    const query = readQuery(c, spec);
    return c.json(ok(await paymentRoute(c.env.DB, query.orderId, await ownerOf(c, query))));
  });
}
