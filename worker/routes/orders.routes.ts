import { Hono } from 'hono';
import * as z from 'zod';
import { API } from '../../shared/api-routes.ts';
import { shipToAddress } from '../../shared/api/accounts.ts';
import { cancelledAnswer, cancelOrderBody } from '../../shared/api/orders.ts';
import { createReturnBody, returnAnswer } from '../../shared/api/returns.ts';
import { ok } from '../../shared/envelope.ts';
import { isReturnReason, RETURN_MSG } from '../../shared/returns.ts';
import type { AppEnv } from '../env.ts';
import { cancelForShopper } from '../flows/cancel-order.ts';
import { moveOrder } from '../flows/change-address.ts';
import { requestReturn } from '../flows/request-return.ts';
import { orderTokenField } from '../orders/schemas.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderAccessOf } from '../orders/http.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { requireMember } from '../platform/session.ts';

/**
 * What a shopper does to a placed order that writes beyond it (§7 Orders and payment): cancel it,
 * send it to another address, ask to return parts of it; each runs its flow.
 */

const orderId = z.string().min(1, 'must not be empty').max(40, 'is too long');
const orderAnswer = z.record(z.string(), z.unknown());
const tag = 'returns';

const cancel = endpoint({
  ...API.orderCancel,
  tag: 'orders',
  summary:
    "Cancel an order while it is still processing: a member their own, a guest with the order's orderToken. " +
    'Stock, points and coupons go back; a paid order is refunded in full',
  body: cancelOrderBody,
  response: cancelledAnswer,
});

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
const create = endpoint({
  method: 'post',
  path: '/order/public/returns',
  tag,
  summary:
    'Ask for a return of shipped units of an order (a member their own, a guest with the orderToken), with a reason ' +
    'and the evidence it needs (uploadIds from POST /return-evidence); the order moves to RETURNING',
  body: createReturnBody,
  response: returnAnswer,
});

/** A member by their session; a guest by the order-access token (given, or left by the order's link). */
const accessOf = orderAccessOf;

/** The calls this module mounts, as /openapi.json documents them. */
export const orderFlowEndpoints: readonly Endpoint[] = [cancel, memberAddress, quickOrder, create];

export const orderFlowApi = new Hono<AppEnv>()
  .post(cancel.path, async (c) => {
    const body = await readBody(c, cancel);
    return c.json(ok(await cancelForShopper(c.env, accessOf(c, body), Date.now())));
  })
  .use(memberAddress.path, requireMember)
  .put(memberAddress.path, async (c) => {
    const body = await readBody(c, memberAddress);
    return c.json(ok(await moveOrder(c.env, accessOf(c, { orderId: body.orderId }), body.address, Date.now())));
  })
  .patch(quickOrder.path, async (c) => {
    const body = await readBody(c, quickOrder);
    return c.json(ok(await moveOrder(c.env, accessOf(c, body), body.address, Date.now())));
  })
  .post(create.path, async (c) => {
    const body = await readBody(c, create);
    if (!isReturnReason(body.reason)) throw ApiError.badRequest(RETURN_MSG.reason);
    const access = accessOf(c, { orderId: body.orderId, orderToken: body.orderToken });
    const { created, answer } = await requestReturn(c.env, access, { ...body, reason: body.reason }, Date.now());
    return c.json(ok(answer), created ? 201 : 200);
  });
