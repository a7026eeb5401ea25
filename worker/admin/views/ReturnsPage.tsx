import { RETURN_OPEN_STATUSES, RETURN_STATUSES, RETURN_STATUS_LABEL } from '../../../shared/return-status.ts';
import type { ReturnQueuePage, ReturnQueueStatus } from '../../returns/staff.ts';
import { placedAt } from './OrdersPage.tsx';

const TABS: ReturnQueueStatus[] = ['OPEN', ...RETURN_STATUSES, 'ALL'];
const TAB_LABEL = (status: ReturnQueueStatus) =>
  status === 'OPEN' ? 'Open' : status === 'ALL' ? 'All' : RETURN_STATUS_LABEL[status];

function tabCount(found: ReturnQueuePage, status: ReturnQueueStatus): number {
  if (status === 'OPEN') return RETURN_OPEN_STATUSES.reduce((sum, each) => sum + found.counts[each], 0);
  if (status === 'ALL') return RETURN_STATUSES.reduce((sum, each) => sum + found.counts[each], 0);
  return found.counts[status];
}

const plural = (count: number) => `${count} ${count === 1 ? 'return' : 'returns'}`;

/** A link to the queue's tab and page, keeping the search. */
function queueLink(status: ReturnQueueStatus, q: string, page = 1): string {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return `/admin/returns?${params}`;
}

/** The returns queue: a tab per status with its count, a search, and a page of returns, oldest asked first. */
export function ReturnsPage({ found, q }: { found: ReturnQueuePage; q: string }) {
  const empty = q
    ? 'No returns match.'
    : found.status === 'ALL'
      ? 'No returns yet.'
      : `No ${TAB_LABEL(found.status).toLowerCase()} returns.`;
  return (
    <section>
      <h1>Returns</h1>
      <nav className="tabs" aria-label="Return status">
        {TABS.map((status) => (
          <a key={status} href={queueLink(status, q)} aria-current={status === found.status ? 'page' : undefined}>
            {`${TAB_LABEL(status)} (${tabCount(found, status)})`}
          </a>
        ))}
      </nav>
      <form method="get" action="/admin/returns" className="panel inline queue-search" aria-label="Find returns">
        <input type="hidden" name="status" value={found.status} />
        <input
          name="q"
          type="search"
          defaultValue={q}
          placeholder="RMA, order number or email"
          aria-label="RMA, order number or email"
        />
        <button type="submit">Search</button>
      </form>
      <div className="table-scroll">
        <table aria-label="Returns" className="returns-queue stack-table">
          <thead>
            <tr>
              <th>RMA</th>
              <th>Order</th>
              <th>Shopper</th>
              <th>Reason</th>
              <th className="num">Units</th>
              <th className="num">Files</th>
              <th>Status</th>
              <th>Asked (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {found.rows.map((row) => (
              <tr key={row.rma} data-rma={row.rma}>
                <td>
                  <a href={`/admin/returns/${encodeURIComponent(row.rma)}`}>{row.rma}</a>
                </td>
                <td data-label="Order">
                  <a href={`/admin/orders/${encodeURIComponent(row.orderId)}`}>{row.orderId}</a>
                </td>
                <td data-label="Shopper">{row.email}</td>
                <td data-label="Reason">{row.reason}</td>
                <td className="num" data-label="Units">
                  {row.units}
                </td>
                <td className="num" data-label="Files">
                  {row.evidenceCount}
                </td>
                <td data-label="Status">
                  <span className={`badge return-${row.status.toLowerCase()}`}>{row.statusLabel}</span>
                </td>
                <td data-label="Asked (UTC)">{placedAt(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {found.rows.length === 0 && <p className="panel">{empty}</p>}
      <nav className="pager" aria-label="Pages">
        {found.page > 1 && <a href={queueLink(found.status, q, found.page - 1)}>Previous</a>}
        <span>{`Page ${found.page} of ${found.pages} · ${plural(found.total)}`}</span>
        {found.page < found.pages && <a href={queueLink(found.status, q, found.page + 1)}>Next</a>}
      </nav>
    </section>
  );
}
