import { RETURN_MSG } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { mailerFor } from '../platform/email.ts';
import { enforce, type Rule } from '../platform/rate-limit.ts';
import { guestOrderToken, orderAccountOf, orderMailIdentity, orderView, trackedOrder } from '../orders/service.ts';
import { returnLinkEmail } from './email.ts';
import { returnOptions } from './options.ts';

/**
 * The way into a return for a visitor who tracks an order by its number and email (issue 20):
 * the pair alone opens nothing, so the shop emails the order's own address a link to the return
 * form that carries the guest's signed order token, on the market's configured origin.
 */

const HOUR = 3_600_000;
/** Links one order may be sent: enough for a lost email, too few to flood an inbox. */
export const RETURN_LINK_RULE: Rule = { limit: 5, windowMs: HOUR };

/** The return form of an order: a guest's with their token, a member's for their session. */
export function returnFormPath(orderId: string, guestToken: string | null): string {
  const query = new URLSearchParams({ orderId });
  if (guestToken) query.set('orderToken', guestToken);
  return `/order/returns/new?${query}`;
}

/** The access the order's own owner would have: for the shop's own checks after the pair matched. */
async function ownerAccess(env: Bindings, orderId: string, ip: string, now: number) {
  const accountId = await orderAccountOf(env.DB, orderId);
  const token = await guestOrderToken(env.DB, { orderId, accountId }, now);
  return { orderId, ip, accountId, token };
}

/** Why no return can start (the spec's words), or null when the order has units a return can still take. */
async function refusalOf(env: Bindings, orderId: string, ip: string, now: number): Promise<string | null> {
  try {
    return (await returnOptions(env, await ownerAccess(env, orderId, ip, now), now)).refusal;
  } catch (error) {
    // A guest's order placed before access keys existed: no link could open it.
    if (error instanceof ApiError && error.httpCode === 404) return RETURN_MSG.notReturnable;
    throw error;
  }
}

export type ReturnLinkResult = { sent: true } | { sent: false; message: string; status: 400 | 404 };

/**
 * Emails the return form's link to the order's address when the number and email match (counted
 * as a tracking lookup) and something can be returned; a wrong pair reads as tracking's not found.
 */
export async function emailReturnLink(
  env: Bindings,
  ip: string,
  pair: { orderNo: string; email: string },
  now: number,
): Promise<ReturnLinkResult | null> {
  const tracked = await trackedOrder(env, ip, pair.orderNo, pair.email);
  if (!tracked) return null;
  const orderId = tracked.orderId;
  const view = await orderView(env.DB, orderId);
  const refusal = view ? await refusalOf(env, orderId, ip, now) : RETURN_MSG.notReturnable;
  if (!view || refusal) return { sent: false, message: refusal ?? RETURN_MSG.notReturnable, status: 400 };
  await enforce(env.RATE_LIMITER, [{ key: `return-link:order:${orderId}`, rule: RETURN_LINK_RULE }]);
  const accountId = await orderAccountOf(env.DB, orderId);
  const { shop, guestToken, speak, link } = await orderMailIdentity(env, { orderId, market: view.market, accountId });
  const url = link(returnFormPath(orderId, guestToken));
  await (await mailerFor(env)).send(speak(() => returnLinkEmail({ orderId, email: view.email }, shop.name, url)));
  return { sent: true };
}
