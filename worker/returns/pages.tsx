import { Hono } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { RETURN_MSG } from '../../shared/returns.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { clientIp } from '../platform/client-ip.ts';
import { shopperReturn } from './service.ts';
import { ReturnPage } from './views/ReturnPage.tsx';

const PRIVATE = { robots: 'noindex' } as const;

/**
 * A return's status page (the link in the return emails): the guest's link carries the order's
 * token, a member signs in. Another shopper's return reads as not found.
 */
export const returnPages = new Hono<AppEnv>().get('/order/returns/:rma', async (c) => {
  const token = c.req.query('orderToken') ?? null;
  if (!token && !c.var.member) {
    const url = new URL(c.req.url);
    return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
  }
  const access = { ip: clientIp(c), accountId: c.var.member?.accountId ?? null, token };
  try {
    const answer = await shopperReturn(c.env, c.req.param('rma').toUpperCase(), access, Date.now());
    return c.render(<ReturnPage answer={answer} />, PRIVATE);
  } catch (error) {
    if (!(error instanceof ApiError) || error.httpCode !== 404) throw error;
    c.status(404);
    return c.render(
      <section className="order-page order-missing">
        <h1>Return not found</h1>
        <p role="alert">{RETURN_MSG.notFound}</p>
      </section>,
      PRIVATE,
    );
  }
});
