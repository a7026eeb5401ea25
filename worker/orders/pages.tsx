import { Hono, type Context } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { ORDER_STATUSES, type OrderStatus, type OrderView } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository } from './repository.ts';
import type { AppEnv } from '../env.ts';
import {
  InvoiceLookupPage,
  InvoicePage,
  OrderDetailPage,
  OrderMissing,
  TrackOrderPage,
  type OrderHistoryData,
} from './views/OrderPages.tsx';
import { memberOrder, ORDER_MSG, sinceFor, trackedOrder, trackingOf, trackQuery } from './orders.routes.ts';
import { renderPage } from '../views/render-page.tsx';

const HISTORY_PAGE_SIZE = 10;
const NUMBER_MESSAGE = 'Please enter your order number.';

type Lookup = { order: OrderView } | { error: string; status: 400 | 404 | 429 };

/** A page found by order number and email: bad input, a wrong pair and too many tries become messages on the page. */
async function lookUp(c: Context<AppEnv>, orderNo: string, email: string): Promise<Lookup> {
  const parsed = trackQuery.safeParse({ orderNo, email });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue?.path[0] === 'email' ? issue.message : NUMBER_MESSAGE, status: 400 };
  }
  try {
    const order = await trackedOrder(c, parsed.data.orderNo, parsed.data.email);
    return order ? { order } : { error: ORDER_MSG.trackNotFound, status: 404 };
  } catch (error) {
    if (error instanceof ApiError && error.httpCode === 429) return { error: error.message, status: 429 };
    throw error;
  }
}

function toLogin(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
}

const PRIVATE = { robots: 'noindex' } as const;

/**
 * The member's order history for /myAccount?type=orderHistory. It is a page, so filters are read
 * leniently: an unknown status or time shows all orders, a bad page number the first page.
 */
export async function loadOrderHistory(c: Context<AppEnv>, accountId: number): Promise<OrderHistoryData> {
  const query = c.req.query();
  const status = (ORDER_STATUSES as readonly string[]).includes(query.status ?? '')
    ? (query.status as OrderStatus)
    : null;
  const time = query.time === '1' || query.time === '6' ? query.time : null;
  const page = Math.min(100_000, Math.max(1, Number.parseInt(query.page ?? '', 10) || 1));
  const filter = { status, since: sinceFor(time, Date.now()), page, size: HISTORY_PAGE_SIZE };
  const result = await orderRepository(c.env.DB).listForAccount(accountId, filter);
  return { ...result, status, time, page, size: HISTORY_PAGE_SIZE };
}

/** Order detail (no standard layout, §2), the printable invoice and public tracking. */
export const orderPages = new Hono<AppEnv>()
  .get('/myAccount/orderHistory/orderDetail', async (c) => {
    if (!c.var.member) return toLogin(c);
    const order = await memberOrder(c.env.DB, c.var.member.accountId, c.req.query('orderId') ?? '');
    if (!order) return renderPage(c, () => <OrderMissing message={ORDER_MSG.notFound} />, PRIVATE, 404);
    return renderPage(c, () => <OrderDetailPage order={order} />, PRIVATE);
  })
  .get('/printInvoice', async (c) => {
    const orderId = c.req.query('orderId') ?? '';
    const email = c.req.query('email');
    const signedIn = c.var.member !== null;
    const lookupPage = (error: string | null, status: 200 | 400 | 404 | 429 = 200) =>
      renderPage(
        c,
        () => <InvoiceLookupPage orderId={orderId} email={email ?? ''} error={error} signedIn={signedIn} />,
        PRIVATE,
        status,
      );
    // With an email anyone holding the pair may print it, as with tracking; without, only its member.
    if (email !== undefined) {
      const found = await lookUp(c, orderId, email);
      if ('error' in found) return lookupPage(found.error, found.status);
      return renderPage(
        c,
        (shell) => <InvoicePage order={found.order} settings={shell.settings} memberView={false} />,
        PRIVATE,
      );
    }
    if (!orderId) return lookupPage(null);
    if (!c.var.member) return toLogin(c);
    const order = await memberOrder(c.env.DB, c.var.member.accountId, orderId);
    if (!order) return lookupPage(ORDER_MSG.notFound, 404);
    return renderPage(c, (shell) => <InvoicePage order={order} settings={shell.settings} memberView />, PRIVATE);
  })
  .get('/order/track', async (c) => {
    const orderNo = c.req.query('orderNo') ?? '';
    const email = c.req.query('email') ?? '';
    if (!orderNo && !email)
      return renderPage(c, () => <TrackOrderPage orderNo="" email="" tracked={null} error={null} />);
    const found = await lookUp(c, orderNo, email);
    const tracked = 'order' in found ? trackingOf(found.order) : null;
    const error = 'error' in found ? found.error : null;
    return renderPage(
      c,
      () => <TrackOrderPage orderNo={orderNo} email={email} tracked={tracked} error={error} />,
      PRIVATE,
      'status' in found ? found.status : 200,
    );
  });
