import { type Context, Hono } from 'hono';
import { CORE_RETURN_REASON } from '../../shared/core-charges.ts';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { returnPagePath } from '../../shared/returns.ts';
import type { AppEnv } from '../env.ts';
import { requestReturn } from '../flows/request-return.ts';
import { orderAccessOf } from '../orders/http.ts';
import { ApiError } from '../platform/api-error.ts';
import { readableForm } from '../platform/form-body.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * A core return started from the order's page (issue 40): the order page's button posts the deposit
 * line and its units with a key the page drew, so a double click is one return; the request-return
 * flow checks it as any return (the member's session or the guest's order cookie, the line shipped and
 * still in its window, a core line only) and the shopper lands on the return's page, where the shop's
 * instructions and prepaid label follow.
 */

const PRIVATE = { robots: 'noindex' } as const;

function refusedPage(c: Context<AppEnv>, status: 400 | 404 | 409 | 429, message: string, orderId: string) {
  c.status(status);
  const back = `/myAccount/orderHistory/orderDetail?${new URLSearchParams({ orderId })}`;
  return c.render(
    <section className="order-page order-missing">
      <h1>{m.core_return_start()}</h1>
      <p role="alert">{message}</p>
      <p>
        <a href={back}>{m.order_back_to_order()}</a>
      </p>
    </section>,
    PRIVATE,
  );
}

export const coreReturnPages = new Hono<AppEnv>().post('/order/returns/core', readableForm, async (c) => {
  const form = await c.req.parseBody();
  const orderId = String(form.orderId ?? '')
    .trim()
    .toUpperCase()
    .slice(0, 40);
  const lineNo = Number(form.lineNo);
  const quantity = Number(form.quantity);
  const key = String(form.key ?? '').slice(0, 100);
  const access = orderAccessOf(c, { orderId });
  if (!access.keptToken && !c.var.member) {
    return c.redirect(loginUrlFor('/myAccount/orderHistory/orderDetail', new URLSearchParams({ orderId })), 302);
  }
  if (!orderId || !Number.isInteger(lineNo) || !Number.isInteger(quantity) || quantity < 1 || key.length < 8)
    return refusedPage(c, 400, m.return_msg_nothing_chosen(), orderId);
  try {
    const request = { idempotencyKey: key, lines: [{ lineNo, quantity }], reason: CORE_RETURN_REASON, uploadIds: [] };
    const { answer } = await requestReturn(c.env, access, request, Date.now());
    return c.redirect(returnPagePath(answer.rma, null), 303);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const status = ([400, 404, 409, 429] as const).find((code) => code === error.httpCode) ?? 400;
    return refusedPage(c, status, error.message, orderId);
  }
});
