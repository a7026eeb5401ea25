/** Paying an order later (issue 36): the page its emailed link opens, and the tracking page's "Pay for this order". */
import { type Context, Hono } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import type { AppEnv } from '../env.ts';
import { emailPayLinkAsked } from '../flows/pay-link.ts';
import { ApiError } from '../platform/api-error.ts';
import { clientIp } from '../platform/client-ip.ts';
import { exchangeOrderToken, orderAccessOf } from '../orders/http.ts';
import { ORDER_MSG } from '../orders/schemas.ts';
import { openedOrder } from '../orders/service.ts';
import { OrderMissing } from '../orders/views/OrderPages.tsx';
import { PAY_LINK_PATH } from '../orders/views/pay-parts.tsx';
import { PayLinkPage, PayOrderPage } from '../orders/views/PayOrderPage.tsx';
import { payOptionsOf } from '../payments/http.ts';

const PRIVATE = { robots: 'noindex' } as const;

/** What "Pay for this order" answers, by outcome. */
export const PAY_LINK_MSG = {
  sent: 'We emailed a link to pay for this order to the address on it. It works while the parts are held for you.',
  notPayable: 'This order is not waiting for a payment any more.',
} as const;

function toLogin(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
}

/** A refused lookup as the page's message: not found (404) or too many tries (429); anything else is thrown on. */
function refusedPage(c: Context<AppEnv>, error: unknown) {
  if (!(error instanceof ApiError) || (error.httpCode !== 404 && error.httpCode !== 429)) throw error;
  c.status(error.httpCode);
  return c.render(<OrderMissing message={error.httpCode === 429 ? error.message : ORDER_MSG.notFound} />, PRIVATE);
}

export const orderPayPages = new Hono<AppEnv>()
  .get('/order/pay', async (c) => {
    const orderId = (c.req.query('orderId') ?? '').trim().toUpperCase();
    // The link's token leaves the address before anything renders: the order's HttpOnly cookie keeps it.
    const exchanged = exchangeOrderToken(c, 'token', orderId);
    if (exchanged) return exchanged;
    const access = orderAccessOf(c, { orderId });
    if (!access.keptToken && !c.var.member) return toLogin(c);
    try {
      const order = await openedOrder(c.env, access);
      const pay = { ...payOptionsOf(c), token: null, allowed: true, now: Date.now() };
      const trackHref = c.var.member
        ? `/myAccount/orderHistory/orderDetail?${new URLSearchParams({ orderId: order.orderId })}`
        : `/order/track?${new URLSearchParams({ orderNo: order.orderId })}`;
      return c.render(<PayOrderPage order={order} pay={pay} trackHref={trackHref} />, PRIVATE);
    } catch (error) {
      return refusedPage(c, error);
    }
  })
  .post(PAY_LINK_PATH, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const orderNo = String(form.orderNo ?? '')
      .trim()
      .toUpperCase()
      .slice(0, 40);
    const email = String(form.email ?? '')
      .trim()
      .slice(0, 128);
    const trackHref = `/order/track?${new URLSearchParams({ orderNo, email })}`;
    const answer = (message: string, sent: boolean, status: 200 | 400 | 404 | 429) => {
      c.status(status);
      return c.render(<PayLinkPage message={message} sent={sent} trackHref={trackHref} />, PRIVATE);
    };
    if (!orderNo || !email) return answer(ORDER_MSG.trackNotFound, false, 400);
    try {
      const result = await emailPayLinkAsked(c.env, clientIp(c), { orderNo, email }, Date.now());
      if (result === 'not-found') return answer(ORDER_MSG.trackNotFound, false, 404);
      if (result === 'not-payable') return answer(PAY_LINK_MSG.notPayable, false, 400);
      return answer(PAY_LINK_MSG.sent, true, 200);
    } catch (error) {
      if (error instanceof ApiError && error.httpCode === 429) return answer(error.message, false, 429);
      throw error;
    }
  });
