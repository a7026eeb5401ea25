import { Hono } from 'hono';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { checkoutQuote, setAsidePoints } from './service.ts';
import { checkoutCart, shopperOf } from './http.ts';
import { lockPointsBody, quoteAnswer, quoteBody, unlockPointsBody } from '../../shared/api/checkout.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';

/**
 * Checkout (§1, §3): the quote for an address and points set aside
 * (placing the order: routes/checkout.routes.ts).
 */

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
/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const checkoutEndpoints: readonly Endpoint[] = [quote, lock, unlock];

export const checkoutApi = new Hono<AppEnv>()
  .use(lock.path, requireMember)
  .use(unlock.path, requireMember)
  .post(quote.path, async (c) => {
    const body = await readBody(c, quote);
    const cart = await checkoutCart(c, body);
    return c.json(ok(await checkoutQuote(c.env, shopperOf(c), cart, body, Date.now())));
  })
  .post(lock.path, async (c) => {
    const body = await readBody(c, lock);
    const cart = await checkoutCart(c, body);
    const vehicle = body.attributeValueId ?? null;
    return c.json(ok(await setAsidePoints(c.env, shopperOf(c), cart, body.points, Date.now(), vehicle)));
  })
  .post(unlock.path, async (c) => {
    const body = await readBody(c, unlock);
    const cart = await checkoutCart(c, body);
    return c.json(ok(await setAsidePoints(c.env, shopperOf(c), cart, 0, Date.now(), body.attributeValueId ?? null)));
  });
