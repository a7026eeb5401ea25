import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../middleware/auth.ts';
import { credentials, reach } from '../cart/http.ts';
import { findBuyNowCart, findCart, type CartRow } from '../cart/service.ts';
import { CHECKOUT_MSG, assertOrderContact, checkoutQuote, setAsidePoints, type Shopper } from './service.ts';
import { placeOrder } from './place-order.ts';
import { shipToAddress } from '../accounts/schemas.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';

/** Checkout (issue 8 §1, §3): the quote for an address, points set aside, placing the order. */

const buyNow = z.object({ cartUUID: z.string().max(64), cartToken: z.string().max(200) }).optional();
const which = { cartUUID: z.string().max(64).nullable().optional(), buyNow };
const quoteBody = z.object({
  ...which,
  address: shipToAddress.optional(),
  shippingName: z.string().max(60).nullable().optional(),
});
const money = z.number();
const quoteAnswer = z.object({
  pricing: z.record(z.string(), z.unknown()),
  taxes: z.array(z.object({ name: z.string(), rateLabel: z.string(), amountCent: money })),
  tax: money,
  total: money,
  pointsBalance: z.number(),
  pointsLocked: z.number(),
  itemCount: z.number(),
});

const quote = endpoint({
  method: 'post',
  path: '/order/public/buyer/checkout/quote',
  tag: 'checkout',
  summary:
    'What the order will cost to an address: every discount with its reason, the chosen shipping, the points ' +
    'set aside, each tax line (US state / Canadian GST, HST, PST, QST) and the total. buyNow names a buy-now ' +
    'checkout instead of the cart',
  body: quoteBody,
  response: quoteAnswer,
});
const lock = endpoint({
  method: 'post',
  path: '/order/public/buyer/lock/integral',
  tag: 'checkout',
  auth: true,
  summary:
    'Set aside points for this checkout (at most the balance; points pay for items, never shipping); ' +
    'answers the new quote',
  body: z.object({
    ...which,
    points: z
      .number({ error: 'must be a whole number of points' })
      .int('must be a whole number of points')
      .min(1, 'must be at least 1')
      .max(100_000_000, 'is more points than anyone has'),
  }),
  response: quoteAnswer,
});
const unlock = endpoint({
  method: 'post',
  path: '/order/public/buyer/unlock/integral',
  tag: 'checkout',
  auth: true,
  summary: 'Release the points set aside for this checkout',
  body: z.object({ ...which }),
  response: quoteAnswer,
});
const place = endpoint({
  method: 'post',
  path: '/order/public/buyer/order/place',
  tag: 'checkout',
  summary:
    'Place the order: one atomic write that takes the stock, spends the points and records the prices it was ' +
    'priced with. idempotencyKey (chosen by the client, 16-100 characters) makes a retried or double-clicked ' +
    'request one order; expectedTotal must be the total the shopper saw, else 409 with the new total',
  body: z.object({
    ...which,
    idempotencyKey: z.string().min(16, 'must be 16 to 100 characters').max(100, 'must be 16 to 100 characters'),
    email: z.string().max(55).optional(),
    address: shipToAddress,
    shippingName: z.string().max(60).nullable().optional(),
    paymentMethod: z.string().min(1).max(40),
    expectedTotal: z.number().int(),
  }),
  response: z.object({ created: z.boolean(), order: z.record(z.string(), z.unknown()) }),
});

/** The cart being checked out: a buy-now checkout when named, else the shopper's cart. */
async function checkoutCart(
  c: Context<AppEnv>,
  body: { cartUUID?: string | null; buyNow?: { cartUUID: string; cartToken: string } },
): Promise<CartRow> {
  const accountId = c.var.member?.accountId ?? null;
  const cart = body.buyNow
    ? await findBuyNowCart(c.env.DB, body.buyNow.cartUUID, body.buyNow.cartToken, accountId)
    : await reach(c, () => findCart(c.env.DB, credentials(c, body.cartUUID), Date.now()));
  if (!cart) throw ApiError.badRequest(CHECKOUT_MSG.empty);
  return cart;
}

const shopperOf = (c: Context<AppEnv>): Shopper => ({
  market: c.var.market,
  accountId: c.var.member?.accountId ?? null,
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const checkoutEndpoints: readonly Endpoint[] = [quote, lock, unlock, place];

export const checkoutApi = new Hono<AppEnv>()
  .use(lock.path, requireMember)
  .use(unlock.path, requireMember)
  .post(quote.path, async (c) => {
    const body = await readBody(c, quote);
    const cart = await checkoutCart(c, body);
    return c.json(ok(await checkoutQuote(c.env.DB, shopperOf(c), cart, body, Date.now())));
  })
  .post(lock.path, async (c) => {
    const body = await readBody(c, lock);
    const cart = await checkoutCart(c, body);
    return c.json(ok(await setAsidePoints(c.env.DB, shopperOf(c), cart, body.points, Date.now())));
  })
  .post(unlock.path, async (c) => {
    const body = await readBody(c, unlock);
    const cart = await checkoutCart(c, body);
    return c.json(ok(await setAsidePoints(c.env.DB, shopperOf(c), cart, 0, Date.now())));
  })
  .post(place.path, async (c) => {
    const body = await readBody(c, place);
    const member = c.var.member;
    const email = member?.email ?? body.email ?? '';
    assertOrderContact(c.var.market, email, body.paymentMethod);
    const cart = await checkoutCart(c, body);
    const placed = await placeOrder(c.env.DB, {
      idempotencyKey: body.idempotencyKey,
      cart,
      market: c.var.market,
      accountId: member?.accountId ?? null,
      email,
      address: body.address,
      shippingName: body.shippingName ?? null,
      paymentMethod: body.paymentMethod,
      pointsToRedeem: cart.pointsLocked,
      expectedTotal: body.expectedTotal,
      now: Date.now(),
    });
    return c.json(ok(placed));
  });
