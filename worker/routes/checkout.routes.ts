import { Hono } from 'hono';
import { API } from '../../shared/api-routes.ts';
import { placedAnswer, placeOrderBody } from '../../shared/api/checkout.ts';
import { ok } from '../../shared/envelope.ts';
import { checkoutCart } from '../checkout/http.ts';
import { assertOrderContact } from '../checkout/service.ts';
import type { AppEnv } from '../env.ts';
import { tellOrderPlaced } from '../flows/pay-link.ts';
import { placeOrder } from '../flows/place-order.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';

/** Placing an order (issue 8 §3): the checkout call that runs the place-order flow. */

const place = endpoint({
  ...API.orderPlace,
  tag: 'checkout',
  summary:
    'Place the order: one atomic write that takes the stock, spends the points and records the prices it was ' +
    'priced with. idempotencyKey (chosen by the client, 16-100 characters) makes a retried or double-clicked ' +
    'request one order (keys are per cart or account); expectedTotal must be the total the shopper saw, else 409 ' +
    'with the new total. A guest gets orderToken, the only way to pay, cancel, move or print the order later; one ' +
    'IP, visitor or email may hold only a few unpaid orders at a time (429). An unpaid order is emailed a link to ' +
    'pay it at once',
  body: placeOrderBody,
  response: placedAnswer,
});

/** The calls this module mounts, as /openapi.json documents them. */
export const placeOrderEndpoints: readonly Endpoint[] = [place];

export const placeOrderApi = new Hono<AppEnv>().post(place.path, async (c) => {
  const body = await readBody(c, place);
  const member = c.var.member;
  const email = member?.email ?? body.email ?? '';
  assertOrderContact(c.var.market, email, body.paymentMethod);
  const cart = await checkoutCart(c, body);
  const placed = await placeOrder(c.env, {
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
  // An order waiting for its payment gets the link to pay it by email at once (once, whatever a retry does).
  if (placed.created) await tellOrderPlaced(c.env, placed.order, Date.now());
  return c.json(ok(placed));
});
