import type { CustomerQuery, searchCustomers } from '../customers.ts';

type Found = Awaited<ReturnType<typeof searchCustomers>>;

/** An account's creation time (unix seconds) as a UTC day. */
export const joinedOn = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** A member's name from their profile, or a dash. */
export const customerName = (row: { firstName: string | null; lastName: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || '—';

function pageLink(query: CustomerQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  params.set('page', String(page));
  return `/admin/customers?${params}`;
}

/** The customers list: search by email or name, a page of members with orders, points and state. */
export function CustomersPage({ query, found }: { query: CustomerQuery; found: Found }) {
  return (
    <section>
      <h1>Customers</h1>
      <form method="get" action="/admin/customers" className="panel form-grid" aria-label="Find customers">
        <div>
          <label htmlFor="q">Email or name</label>
          <input id="q" name="q" type="search" defaultValue={query.q} />
        </div>
        <button type="submit">Search</button>
      </form>
      <p className="muted" data-testid="customer-count">
        {`${found.total} ${found.total === 1 ? 'customer' : 'customers'}`}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Email</th>
              <th>Name</th>
              <th>Market</th>
              <th>Joined (UTC)</th>
              <th className="num">Orders</th>
              <th className="num">Points</th>
              <th>Account</th>
            </tr>
          </thead>
          <tbody>
            {found.list.map((customer) => (
              <tr key={customer.id} data-customer={customer.email}>
                <td>
                  <a href={`/admin/customers/${customer.id}`}>{customer.email}</a>
                </td>
                <td>{customerName(customer)}</td>
                <td>{customer.market.toUpperCase()}</td>
                <td>{joinedOn(customer.createdAt)}</td>
                <td className="num">{customer.orders}</td>
                <td className="num">{customer.balance}</td>
                <td>
                  <AccountBadges customer={customer} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {found.list.length === 0 && <p className="panel">No customers match.</p>}
      <nav className="pager" aria-label="Pages">
        {query.page > 1 && <a href={pageLink(query, query.page - 1)}>Previous</a>}
        <span>{`Page ${query.page} of ${found.pages}`}</span>
        {query.page < found.pages && <a href={pageLink(query, query.page + 1)}>Next</a>}
      </nav>
    </section>
  );
}

/** Blocked or active, and whether the email is confirmed. */
export function AccountBadges({ customer }: { customer: { blockedAt: number | null; emailVerified: number } }) {
  return (
    <>
      <span className={customer.blockedAt === null ? 'badge' : 'badge off'} data-field="blocked">
        {customer.blockedAt === null ? 'Active' : 'Blocked'}
      </span>{' '}
      <span className={customer.emailVerified === 1 ? 'badge' : 'badge off'}>
        {customer.emailVerified === 1 ? 'Email confirmed' : 'Email not confirmed'}
      </span>
    </>
  );
}
