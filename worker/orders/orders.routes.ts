import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import {
  ORDER_MSG,
  listQuery,
  orderIdField,
  orderViewSchema,
  summaryFields,
  trackedSchema,
  trackQuery,
} from './schemas.ts';
import { memberOrder, memberOrderCheck, memberOrders, removeFromHistory, trackOrder } from './history.ts';

const list = endpoint({
  method: 'get',
  path: '/order/signed/order/list',
  tag: 'orders',
  auth: true,
  summary:
    "The member's orders, newest first, by §3 status and filter time (1: last 30 days, 6: last 6 months; " +
    'absent: all), a page at a time',
  query: listQuery,
  response: z.object({
    total: z.number().int(),
    list: z.array(
      z.object({
        ...summaryFields,
        lines: z.array(z.object({ title: z.string(), imageUrl: z.string().nullable(), quantity: z.number().int() })),
      }),
    ),
  }),
});
const detail = endpoint({
  method: 'get',
  path: '/order/signed/order/detail/:orderId',
  tag: 'orders',
  auth: true,
  summary:
    "One of the member's orders with its lines, discounts, tax lines and history; another member's order is not found",
  response: orderViewSchema,
});
const check = endpoint({
  method: 'post',
  path: '/order/signed/order/detail/check',
  tag: 'orders',
  auth: true,
  summary: 'Whether the member may open an order, and whether it can still be cancelled',
  body: z.object({ orderId: orderIdField }),
  response: z.object({ orderId: z.string(), exists: z.boolean(), cancellable: z.boolean() }),
});
const remove = endpoint({
  ...API.orderRemove,
  tag: 'orders',
  auth: true,
  summary: "Remove a cancelled or refunded order from the member's order history (the order itself is kept)",
  response: z.null(),
});
const track = endpoint({
  method: 'get',
  path: '/order/public/track/order/info',
  tag: 'orders',
  summary:
    'Track an order with its number and the email it was placed with: status, history, parts and shipping ' +
    'method (never the address); rate limited',
  query: trackQuery,
  response: trackedSchema,
});

function pathOrderId(c: Context<AppEnv>): string {
  const parsed = orderIdField.safeParse(c.req.param('orderId'));
  if (!parsed.success) throw ApiError.badRequest(`orderId ${ORDER_MSG.orderNumber}`);
  return parsed.data;
}

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const ordersEndpoints: readonly Endpoint[] = [list, detail, check, remove, track];

/** The member's orders (§7 Orders): history, detail, the open check and removal; and public tracking. */
export const ordersApi = new Hono<AppEnv>()
  .use('/order/signed/*', requireMember)
  .get(list.path, async (c) => {
    const { status, time, page, size } = readQuery(c, list);
    const filter = { status: status ?? null, time: time ?? null, page, size };
    return c.json(ok(await memberOrders(c.env.DB, c.var.member!.accountId, filter, Date.now())));
  })
  .get(detail.path, async (c) => {
    const order = await memberOrder(c.env.DB, c.var.member!.accountId, pathOrderId(c));
    if (!order) throw ApiError.notFound(ORDER_MSG.notFound);
    return c.json(ok(order));
  })
  .post(check.path, async (c) => {
    const { orderId } = await readBody(c, check);
    return c.json(ok(await memberOrderCheck(c.env.DB, c.var.member!.accountId, orderId)));
  })
  .delete(remove.path, async (c) => {
    await removeFromHistory(c.env.DB, c.var.member!.accountId, pathOrderId(c));
    return c.json(ok(null));
  })
  .get(track.path, async (c) => {
    const { orderNo, email } = readQuery(c, track);
    return c.json(ok(await trackOrder(c.env, clientIp(c), orderNo, email)));
  });
