import { Hono, type Context } from 'hono';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { credentials, reach } from '../cart/http.ts';
import { findBuyNowCart, findCart, type CartRow } from '../cart/service.ts';
import { CHECKOUT_MSG, assertOrderContact, checkoutQuote, setAsidePoints, type Shopper } from './service.ts';
import { placeOrder } from './place-order.ts';
import {
  lockPointsBody,
  placedAnswer,
  placeOrderBody,
  quoteAnswer,
  quoteBody,
  unlockPointsBody,
} from '../../shared/api/checkout.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { clientIp } from '../platform/client-ip.ts';
import { API } from '../../shared/api-routes.ts';

/** Checkout (issue 8 §1, §3): the quote for an address, points set aside, placing the order. */

const quote = endpoint({
  ...API.checkoutQuote,
  tag: 'checkout',
  summary:
    'What the order will cost to an address: every discount with its reason, the chosen shipping, the points ' +
    'set aside, each tax line (US state / Canadian GST, HST, PST, QST) and the total. buyNow names a buy-now ' +
    'checkout instead of the cart',
  body: quoteBody,
  response: quoteAnswer,
});
const lock = endpoint({
  ...API.pointsLock,
  tag: 'checkout',
  auth: true,
  summary:
    'Set aside points for this checkout (at most the balance; points pay for items, never shipping); ' +
    'answers the new quote',
  body: lockPointsBody,
  response: quoteAnswer,
});
const unlock = endpoint({
  ...API.pointsUnlock,
  tag: 'checkout',
  auth: true,
  summary: 'Release the points set aside for this checkout',
  body: unlockPointsBody,
  response: quoteAnswer,
});
const place = endpoint({
  ...API.orderPlace,
  tag: 'checkout',
  summary:
    'Place the order: one atomic write that takes the stock, spends the points and records the prices it was ' +
    'priced with. idempotencyKey (chosen by the client, 16-100 characters) makes a retried or double-clicked ' +
    'request one order (keys are per cart or account); expectedTotal must be the total the shopper saw, else 409 ' +
    'with the new total. A guest gets orderToken, the only way to pay, cancel, move or print the order later; one ' +
    'IP, visitor or email may hold only a few unpaid orders at a time (429)',
  body: placeOrderBody,
  response: placedAnswer,
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
    const vehicle = body.attributeValueId ?? null;
    return c.json(ok(await setAsidePoints(c.env.DB, shopperOf(c), cart, body.points, Date.now(), vehicle)));
  })
  .post(unlock.path, async (c) => {
    const body = await readBody(c, unlock);
    const cart = await checkoutCart(c, body);
    return c.json(ok(await setAsidePoints(c.env.DB, shopperOf(c), cart, 0, Date.now(), body.attributeValueId ?? null)));
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
      vehicleId: body.attributeValueId ?? null,
      placer: { ip: clientIp(c), visitorKey: c.var.visitorKey },
      now: Date.now(),
    });
    return c.json(ok(placed));
  });
