import { type Context, Hono } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { RETURN_MSG } from '../../shared/returns.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { clientIp } from '../platform/client-ip.ts';
import { ORDER_MSG } from '../orders/schemas.ts';
import { emailReturnLink } from './link.ts';
import { orderOfReturn, returnOptions, shopperReturn } from './service.ts';
import { exchangeOrderToken, orderAccessOf } from '../orders/http.ts';
import { ReturnFormPage, ReturnLinkPage } from './views/ReturnFormPage.tsx';
import { ReturnPage } from './views/ReturnPage.tsx';
import { readableForm } from '../platform/form-body.ts';
import { titlesInFrench } from '../catalog/service.ts';

/** A page's data with its parts' titles in the language being spoken (French titles on the French site). */
const spoken = <T,>(c: Context<AppEnv>, data: T): T => (c.var.locale === 'fr' ? (titlesInFrench(data) as T) : data);

const PRIVATE = { robots: 'noindex' } as const;

/** The words the tracking page's "Return items" answers when the link went out. */
export const RETURN_LINK_SENT = 'We emailed a link to start your return to the address on this order.';

function toLogin(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
}

/** A refused lookup as a page: not found (404) or too many tries (429); anything else is thrown on. */
function missing(c: Context<AppEnv>, error: unknown, title: string, message: string) {
  if (!(error instanceof ApiError) || (error.httpCode !== 404 && error.httpCode !== 429)) throw error;
  c.status(error.httpCode);
  return c.render(
    <section className="order-page order-missing">
      <h1>{title}</h1>
      <p role="alert">{error.httpCode === 429 ? error.message : message}</p>
    </section>,
    PRIVATE,
  );
}

/**
 * A shopper's returns as pages (issue 20): the return form of an order (a member's session or a
 * guest's order token), a return's status page (the link in the return emails), and the
 * tracking page's "Return items", which emails the order's address a link to the form. Another
 * shopper's order or return reads as not found. An emailed link's order token leaves the address on
 * arrival for the order's HttpOnly cookie (orders/http.ts): the pages and their calls read it there.
 */
export const returnPages = new Hono<AppEnv>()
  .get('/order/returns/new', async (c) => {
    const orderId = (c.req.query('orderId') ?? '').trim().toUpperCase();
    const exchanged = exchangeOrderToken(c, 'orderToken', orderId);
    if (exchanged) return exchanged;
    const access = orderAccessOf(c, { orderId });
    if (!access.keptToken && !c.var.member) return toLogin(c);
    const now = Date.now();
    try {
      const options = await returnOptions(c.env, access, now);
      return c.render(<ReturnFormPage options={spoken(c, options)} orderToken={null} now={now} />, PRIVATE);
    } catch (error) {
      return missing(c, error, 'Order not found', ORDER_MSG.notFound);
    }
  })
  .post('/order/track/return-link', readableForm, async (c) => {
    const form = await c.req.parseBody();
    const orderNo = String(form.orderNo ?? '')
      .trim()
      .toUpperCase()
      .slice(0, 40);
    const email = String(form.email ?? '')
      .trim()
      .slice(0, 128);
    const trackHref = `/order/track?${new URLSearchParams({ orderNo, email })}`;
    const refused = (message: string, status: 400 | 404 | 429) => {
      c.status(status);
      return c.render(<ReturnLinkPage message={message} sent={false} trackHref={trackHref} />, PRIVATE);
    };
    if (!orderNo || !email) return refused(ORDER_MSG.trackNotFound, 400);
    try {
      const result = await emailReturnLink(c.env, clientIp(c), { orderNo, email }, Date.now());
      if (!result) return refused(ORDER_MSG.trackNotFound, 404);
      if (!result.sent) return refused(result.message, result.status);
      return c.render(<ReturnLinkPage message={RETURN_LINK_SENT} sent trackHref={trackHref} />, PRIVATE);
    } catch (error) {
      if (error instanceof ApiError && error.httpCode === 429) return refused(error.message, 429);
      throw error;
    }
  })
  .get('/order/returns/:rma', async (c) => {
    const rma = c.req.param('rma').toUpperCase();
    const orderId = (await orderOfReturn(c.env.DB, rma)) ?? '';
    const exchanged = exchangeOrderToken(c, 'orderToken', orderId);
    if (exchanged) return exchanged;
    const caller = orderAccessOf(c, { orderId });
    if (!caller.keptToken && !c.var.member) return toLogin(c);
    try {
      const answer = await shopperReturn(c.env, rma, caller, Date.now());
      return c.render(<ReturnPage answer={spoken(c, answer)} orderToken={null} />, PRIVATE);
    } catch (error) {
      return missing(c, error, 'Return not found', RETURN_MSG.notFound);
    }
  });
