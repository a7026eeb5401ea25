/** An order's pages (§2): its detail, its invoice and public tracking, with its payment and its returns. */
import { RETURNABLE_ORDER_STATUSES, type OrderStatus } from '../../shared/order-status.ts';
import { Hono, type Context } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import type { OrderView } from '../../shared/orders.ts';
import type { Currency } from '../../shared/markets.ts';
import type { TrackedOrder } from '../orders/schemas.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../platform/client-ip.ts';
import { InvoiceLookupPage, InvoicePage } from '../orders/views/InvoicePage.tsx';
import { OrderDetailPage, OrderMissing, TrackOrderPage } from '../orders/views/OrderPages.tsx';
import { payMethodsOf } from '../payments/http.ts';
import { orderExemption } from '../tax/service.ts';
import {
  guestOrderToken,
  memberOrder,
  openedOrder,
  orderAccountOf,
  trackedOrder,
  trackingOf,
} from '../orders/service.ts';
import { ORDER_MSG, trackQuery } from '../orders/schemas.ts';
import { exchangeOrderToken, keptOrderToken } from '../orders/http.ts';
import { returnOptions } from '../returns/service.ts';
import { OrderReturns, returnFormHref, type ReturnEntry } from '../returns/views/OrderReturns.tsx';

const NUMBER_MESSAGE = 'Please enter your order number.';

type Failed = { error: string; status: 400 | 404 | 429 };

/** Too many tries become a message on the page; anything else is thrown on. */
function tooMany(error: unknown): Failed {
  if (error instanceof ApiError && error.httpCode === 429) return { error: error.message, status: 429 };
  throw error;
}

/** Tracking by order number and email: bad input, a wrong pair and too many tries become messages on the page. */
async function lookUp(c: Context<AppEnv>, orderNo: string, email: string): Promise<{ order: TrackedOrder } | Failed> {
  const parsed = trackQuery.safeParse({ orderNo, email });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue?.path[0] === 'email' ? issue.message : NUMBER_MESSAGE, status: 400 };
  }
  try {
    const order = await trackedOrder(c.env, clientIp(c), parsed.data.orderNo, parsed.data.email);
    return order ? { order } : { error: ORDER_MSG.trackNotFound, status: 404 };
  } catch (error) {
    return tooMany(error);
  }
}

/** The order a guest's link (its order-access token) or the member's session opens; else a message. */
async function opened(
  c: Context<AppEnv>,
  orderId: string,
  token: string | null,
): Promise<{ order: OrderView } | Failed> {
  const access = { orderId: orderId.trim().toUpperCase(), ip: clientIp(c), accountId: c.var.member?.accountId ?? null };
  try {
    return { order: await openedOrder(c.env, { ...access, token }) };
  } catch (error) {
    if (error instanceof ApiError && error.httpCode === 404) return { error: ORDER_MSG.notFound, status: 404 };
    return tooMany(error);
  }
}

function toLogin(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
}

const PRIVATE = { robots: 'noindex' } as const;

/**
 * An order's way into returns (issue 20) for its pages: whether units can go back, the form's
 * address for who is asking, and the returns so far. `viewer` is the member's session or the
 * guest's token; a visitor with only the number and email gets neither the form nor the return
 * pages' links (an email carries them). A failure here never breaks the order's page.
 */
async function returnEntry(
  c: Context<AppEnv>,
  order: { orderId: string; status: OrderStatus; currency?: Currency },
  viewer: { accountId: number | null; token: string | null },
): Promise<ReturnEntry | null> {
  if (!RETURNABLE_ORDER_STATUSES.includes(order.status) && order.status !== 'REFUND') return null;
  try {
    const now = Date.now();
    const accountId = await orderAccountOf(c.env.DB, order.orderId);
    const ownerToken = await guestOrderToken(c.env.DB, { orderId: order.orderId, accountId }, now);
    const access = { orderId: order.orderId, ip: clientIp(c), accountId, token: ownerToken };
    const options = await returnOptions(c.env, access, now);
    const own = accountId !== null ? viewer.accountId === accountId : viewer.token !== null;
    // A guest's form needs no token in its address: the order's cookie carries it (orders/http.ts).
    const formHref = own ? returnFormHref(order.orderId, null) : null;
    const returns = options.returns.map((made) => ({ ...made, url: own ? made.url : '' }));
    return {
      formHref,
      returns,
      open: options.refusal === null && RETURNABLE_ORDER_STATUSES.includes(order.status),
      orderId: order.orderId,
      cores: options.cores,
      currency: order.currency,
    };
  } catch (error) {
    console.error('returns of order', order.orderId, error);
    return null;
  }
}

/** The methods an unpaid order can be paid with here (the configured providers'). */
const payMethods = payMethodsOf;

/** Order detail (no standard layout, §2), the printable invoice and public tracking. */
export const orderPages = new Hono<AppEnv>()
  .get('/myAccount/orderHistory/orderDetail', async (c) => {
    if (!c.var.member) return toLogin(c);
    const order = await memberOrder(c.env.DB, c.var.member.accountId, c.req.query('orderId') ?? '');
    if (!order) {
      c.status(404);
      return c.render(<OrderMissing message={ORDER_MSG.notFound} />, PRIVATE);
    }
    const pay = { methods: payMethods(c), token: null, allowed: true, now: Date.now() };
    const returns = await returnEntry(c, order, { accountId: c.var.member.accountId, token: null });
    return c.render(<OrderDetailPage order={order} pay={pay} returns={<OrderReturns entry={returns} />} />, PRIVATE);
  })
  .get('/printInvoice', async (c) => {
    const orderId = c.req.query('orderId') ?? '';
    const exchanged = exchangeOrderToken(c, 'token', orderId);
    if (exchanged) return exchanged;
    const token = orderId ? keptOrderToken(c, orderId) : null;
    const signedIn = c.var.member !== null;
    const lookupPage = (error: string | null, status: 200 | 400 | 404 | 429 = 200) => {
      c.status(status);
      return c.render(<InvoiceLookupPage error={error} signedIn={signedIn} />, PRIVATE);
    };
    // The invoice shows the address and phone: only the order's member or the guest's link opens it.
    if (!orderId) return lookupPage(null);
    if (!token && !signedIn) return toLogin(c);
    const found = await opened(c, orderId, token);
    if ('error' in found) return lookupPage(found.error, found.status);
    const memberView = signedIn && token === null;
    const exemption = await orderExemption(c.env.DB, found.order.orderId);
    return c.render(
      (shell) => (
        <InvoicePage
          order={found.order}
          settings={shell.settings}
          memberView={memberView}
          exemption={exemption}
          nonce={shell.nonce}
        />
      ),
      PRIVATE,
    );
  })
  .get('/order/track', async (c) => {
    const orderNo = c.req.query('orderNo') ?? '';
    const exchanged = exchangeOrderToken(c, 'token', orderNo);
    if (exchanged) return exchanged;
    const email = c.req.query('email') ?? '';
    // The emailed link's token, kept in the order's cookie on arrival; a number and an email are the other way in.
    const token = orderNo ? keptOrderToken(c, orderNo) : null;
    if (!orderNo && !email) return c.render(<TrackOrderPage orderNo="" email="" tracked={null} error={null} />);
    const viaLink = token
      ? await opened(c, orderNo, token).then((result) =>
          'order' in result ? { order: trackingOf(result.order) } : result,
        )
      : null;
    const found = viaLink && ('order' in viaLink || !email) ? viaLink : await lookUp(c, orderNo, email);
    const tracked = 'order' in found ? found.order : null;
    const error = 'error' in found ? found.error : null;
    c.status('status' in found ? found.status : 200);
    // The emailed link (its token) pays from here; a number and an email may have the link to pay emailed.
    const linked = found === viaLink;
    const pay = {
      methods: payMethods(c),
      token: null,
      allowed: linked,
      now: Date.now(),
      askLink: linked ? null : { orderNo: tracked?.orderId ?? orderNo, email },
    };
    const viewer = { accountId: c.var.member?.accountId ?? null, token: linked ? token : null };
    const returns = tracked ? await returnEntry(c, tracked, viewer) : null;
    return c.render(
      <TrackOrderPage
        orderNo={orderNo}
        email={email}
        tracked={tracked}
        error={error}
        pay={pay}
        returns={tracked && <OrderReturns entry={returns} pair={{ orderNo: tracked.orderId, email }} />}
      />,
      PRIVATE,
    );
  });
