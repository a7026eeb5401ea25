import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { postalCodeProblem } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository } from './repository.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../middleware/auth.ts';
import { changeOrderAddress } from './address.ts';
import { ownedOrder } from './payments.ts';
import { shippingQuote } from '../shipping/service.ts';
import { shipToAddress } from '../accounts/address-schema.ts';
import { endpoint, readBody } from '../platform/contract.ts';

const orderId = z.string().min(1, 'must not be empty').max(40, 'is too long');
const orderAnswer = z.record(z.string(), z.unknown());

const memberAddress = endpoint({
  method: 'put',
  path: '/order/public/buyer/auth/order/address',
  tag: 'orders',
  auth: true,
  summary:
    "Change a member's order's ship-to address before it ships: an unpaid order is re-taxed for the new state or province; a paid one only where tax and shipping stay the same",
  body: z.object({ orderId, address: shipToAddress }),
  response: orderAnswer,
});
const quickOrder = endpoint({
  method: 'patch',
  path: '/order/public/quick/:provider/order',
  tag: 'orders',
  summary:
    "Express checkout (a wallet's payment sheet, provider e.g. card): the sheet's shipping address updates the unpaid order (re-taxed); answers the order with its new total",
  body: z.object({ orderId, email: z.string().max(55).optional(), address: shipToAddress }),
  response: orderAnswer,
});
const quickOptions = endpoint({
  method: 'patch',
  path: '/order/public/quick/:provider/options',
  tag: 'orders',
  summary:
    "Express checkout: the shipping options (with cost) the wallet's sheet offers for a postal code and the order's quantity",
  body: z.object({ orderId, email: z.string().max(55).optional(), postCode: z.string().max(10) }),
  response: z.object({
    options: z.array(z.object({ name: z.string(), cost: z.number() })),
    chosen: z.string().nullable(),
  }),
});

/** Where a placed order ships, and the express-checkout updates from a wallet's sheet. */
export const orderAddressApi = new Hono<AppEnv>()
  .use(memberAddress.path, requireMember)
  .put(memberAddress.path, async (c) => {
    const body = await readBody(c, memberAddress);
    const order = await ownedOrder(c.env.DB, body.orderId, { accountId: c.var.member!.accountId, email: null });
    await changeOrderAddress(c.env.DB, order, body.address, Date.now());
    return c.json(ok((await orderRepository(c.env.DB).view(order.id))!));
  })
  .patch(quickOrder.path, async (c) => {
    const body = await readBody(c, quickOrder);
    const order = await ownedOrder(c.env.DB, body.orderId, {
      accountId: c.var.member?.accountId ?? null,
      email: body.email ?? c.var.member?.email ?? null,
    });
    await changeOrderAddress(c.env.DB, order, body.address, Date.now());
    return c.json(ok((await orderRepository(c.env.DB).view(order.id))!));
  })
  .patch(quickOptions.path, async (c) => {
    const body = await readBody(c, quickOptions);
    const order = await ownedOrder(c.env.DB, body.orderId, {
      accountId: c.var.member?.accountId ?? null,
      email: body.email ?? c.var.member?.email ?? null,
    });
    const problem = postalCodeProblem(body.postCode, order.market);
    if (problem) throw ApiError.badRequest(`postCode ${problem}`);
    const quantity = (await orderRepository(c.env.DB).lines(order.id)).reduce((sum, line) => sum + line.quantity, 0);
    const quote = shippingQuote(order.market, body.postCode, quantity);
    return c.json(
      ok({
        options: quote.options.map((option) => ({ name: option.name, cost: option.cost.cent })),
        chosen: quote.chosen?.name ?? null,
      }),
    );
  });
