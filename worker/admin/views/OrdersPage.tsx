import { MARKET_IDS } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ORDER_PAYMENT_STATES } from '../../../shared/orders.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABEL } from '../../../shared/order-status.ts';
import type { findOrders, OrderQuery } from '../orders.ts';

type Found = Awaited<ReturnType<typeof findOrders>>;

export const placedAt = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

function pageLink(query: OrderQuery, page: number): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'market', 'payment', 'from', 'to'] as const)
    if (query[key]) params.set(key, query[key]);
  params.set('page', String(page));
  return `/admin/orders?${params}`;
}

function Filters({ query }: { query: OrderQuery }) {
  return (
    <form method="get" action="/admin/orders" className="panel form-grid" aria-label="Find orders">
      <div>
        <label htmlFor="q">Order number, email, name or part number</label>
        <input id="q" name="q" type="search" defaultValue={query.q} />
      </div>
      <div>
        <label htmlFor="status">Status</label>
        <select id="status" name="status" defaultValue={query.status}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="market">Market</label>
        <select id="market" name="market" defaultValue={query.market}>
          <option value="">Both markets</option>
          {MARKET_IDS.map((market) => (
            <option key={market} value={market}>
              {market.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="payment">Payment</label>
        <select id="payment" name="payment" defaultValue={query.payment}>
          <option value="">Any payment state</option>
          {ORDER_PAYMENT_STATES.map((state) => (
            <option key={state.value} value={state.value}>
              {state.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="from">Placed from</label>
        <input id="from" name="from" type="date" defaultValue={query.from} />
      </div>
      <div>
        <label htmlFor="to">Placed to</label>
        <input id="to" name="to" type="date" defaultValue={query.to} />
      </div>
      <button type="submit">Search</button>
    </form>
  );
}

/** The orders list: search and filters, a page of orders, and totals per currency. */
export function OrdersPage({ query, found }: { query: OrderQuery; found: Found }) {
  return (
    <section>
      <h1>Orders</h1>
      <Filters query={query} />
      <p className="muted" data-testid="order-totals">
        {[
          `${found.total} ${found.total === 1 ? 'order' : 'orders'}`,
          ...found.byCurrency.map(
            (row) =>
              `${row.orders} in ${row.currency}: ${formatMoney({ cent: row.totalCent, currency: row.currency })}`,
          ),
        ].join(' · ')}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Order</th>
              <th>Placed (UTC)</th>
              <th>Customer</th>
              <th>Market</th>
              <th>Status</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {found.list.map((order) => (
              <tr key={order.orderId} data-order={order.orderId}>
                <td>
                  <a href={`/admin/orders/${encodeURIComponent(order.orderId)}`}>{order.orderId}</a>
                </td>
                <td>{placedAt(order.createdAt)}</td>
                <td>
                  {`${order.address.firstName} ${order.address.lastName}`}
                  <br />
                  <span className="muted">{order.email}</span>
                </td>
                <td>{order.market.toUpperCase()}</td>
                <td>{order.statusLabel}</td>
                <td className="num">{formatMoney({ cent: order.total, currency: order.currency })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {found.list.length === 0 && <p className="panel">No orders match.</p>}
      <nav className="pager" aria-label="Pages">
        {query.page > 1 && <a href={pageLink(query, query.page - 1)}>Previous</a>}
        <span>{`Page ${query.page} of ${found.pages}`}</span>
        {query.page < found.pages && <a href={pageLink(query, query.page + 1)}>Next</a>}
      </nav>
    </section>
  );
}
