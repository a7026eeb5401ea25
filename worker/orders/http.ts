import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../platform/client-ip.ts';
import { credentialCookie, exchangeOnArrival } from '../platform/link-exchange.ts';
import { ORDER_NUMBER } from './schemas.ts';
import { orderOwnerFor, type OrderAccess, type OrderOwner } from './service.ts';
import type { Reviewer } from '../reviews/service.ts';
import { orderRepository } from './repository.ts';

/**
 * The HTTP side the order calls and pages share: who may act on the order a request names. A guest's order token
 * comes in an emailed link (tracking, returns, paying, the invoice); the page the link opens takes it out of the
 * address into an HttpOnly cookie of that order (issue 35), and the order's pages and calls read it from there.
 */

/** The cookie an order's emailed link leaves its access token in: one per order, so two orders never mix. */
export const orderAccessCookie = (orderId: string) => `order_access_${orderId.trim().toUpperCase()}`;
/** A day: the link itself opens the order for 30 days, and opening it again brings the cookie back. */
export const ORDER_ACCESS_COOKIE_SECONDS = 86_400;

/**
 * On a page an order's emailed link opens: the redirect that takes the order token (`param`) out of the address
 * into the order's cookie, or null when the address carries none. An order number that is no order number keeps
 * nothing.
 */
export function exchangeOrderToken(c: Context<AppEnv>, param: string, orderId: string): Response | null {
  return exchangeOnArrival(c, param, () =>
    ORDER_NUMBER.test(orderId.trim())
      ? { cookie: orderAccessCookie(orderId), maxAgeSeconds: ORDER_ACCESS_COOKIE_SECONDS }
      : null,
  );
}

/** The token the order's emailed link left in this browser's cookie, or null. */
export function keptOrderToken(c: Context<AppEnv>, orderId: string): string | null {
  return credentialCookie(c, orderAccessCookie(orderId));
}

/**
 * What a request shows to reach an order: its IP, the member's session, the guest's token a call was given (an
 * app's, or a tab's from checkout) and the one the order's link left in the browser (tried when the first fails).
 */
export function orderAccessOf(
  c: Context<AppEnv>,
  request: { orderId: string; orderToken?: string | null },
): OrderAccess {
  return {
    orderId: request.orderId,
    ip: clientIp(c),
    accountId: c.var.member?.accountId ?? null,
    token: request.orderToken || null,
    keptToken: keptOrderToken(c, request.orderId),
  };
}

/** The order's owner once orders' access check passes: a member's session or a guest's order token. */
export function orderOwnerOf(
  c: Context<AppEnv>,
  request: { orderId: string; orderToken?: string | null },
): Promise<OrderOwner> {
  return orderOwnerFor(c.env, orderAccessOf(c, request));
}

/**
 * The signed-in member as a buyer of an item, for their review of it (§7 Reviews: verifiedPurchase): whether
 * they paid for it in an order; the reviewer is told at their account's email, in the page's language.
 */
export async function reviewBuyer(c: Context<AppEnv>, itemId: number): Promise<Reviewer | null> {
  const member = c.var.member;
  if (!member || !(await orderRepository(c.env.DB).paidItemOf(member.accountId, itemId))) return null;
  return { email: member.email, market: c.var.market.id, locale: c.var.locale };
}
