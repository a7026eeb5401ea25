import { formatMoney } from '../../../shared/money.ts';
import { ORDER_STATUS_LABEL } from '../../../shared/order-status.ts';
import { STAFF_ROLE_LABEL, staffMay } from '../../../shared/staff-permissions.ts';
import type { DashboardFigures, MarketFigures } from '../dashboard.ts';
import type { StaffMember } from '../service.ts';

/** A figure that links to the list behind it when the staff member may open that list. */
function Figure(props: { href: string; allowed: boolean; children: string }) {
  return props.allowed ? <a href={props.href}>{props.children}</a> : <span>{props.children}</span>;
}

function Period(props: {
  title: string;
  label: string;
  from: string;
  to: string;
  rows: MarketFigures[];
  may: boolean;
}) {
  return (
    <div className="panel" data-period={props.label}>
      <h2>{props.title}</h2>
      <table>
        <thead>
          <tr>
            <th>Market</th>
            <th className="num">Orders</th>
            <th className="num">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.market} data-market={row.market}>
              <td>{`${row.market.toUpperCase()} (${row.currency})`}</td>
              <td className="num" data-field="orders">
                <Figure
                  href={`/admin/orders?market=${row.market}&from=${props.from}&to=${props.to}`}
                  allowed={props.may}
                >
                  {String(row.orders)}
                </Figure>
              </td>
              <td className="num" data-field="revenue">
                {formatMoney({ cent: row.revenueCent, currency: row.currency })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The console's home: who is signed in, and the shop's day at a glance. */
export function HomePage({ staff, figures }: { staff: StaffMember; figures: DashboardFigures }) {
  const seeOrders = staffMay(staff.role, 'orders.view');
  const { periods } = figures;
  return (
    <section>
      <h1>{`Welcome, ${staff.name}`}</h1>
      <p className="muted">{`Signed in as ${staff.email} (${STAFF_ROLE_LABEL[staff.role]}).`}</p>
      <div className="dashboard">
        <Period
          title={`Today (${periods.today})`}
          label="today"
          from={periods.today}
          to={periods.today}
          rows={figures.today}
          may={seeOrders}
        />
        <Period
          title={`This week (from Monday ${periods.monday})`}
          label="week"
          from={periods.monday}
          to={periods.today}
          rows={figures.week}
          may={seeOrders}
        />
        <div className="panel">
          <h2>Waiting to ship (paid)</h2>
          <ul>
            {figures.waiting.map((row) => (
              <li key={row.status} data-waiting={row.status}>
                <Figure href={`/admin/orders?status=${row.status}`} allowed={seeOrders}>
                  {`${ORDER_STATUS_LABEL[row.status]}: ${row.orders}`}
                </Figure>
              </li>
            ))}
          </ul>
          <h2>Reviews</h2>
          <p data-waiting="reviews">
            <Figure href="/admin/reviews" allowed={staffMay(staff.role, 'reviews.moderate')}>
              {`Pending: ${figures.pendingReviews}`}
            </Figure>
          </p>
        </div>
      </div>
      <p className="muted">
        Days are UTC days and weeks start on Monday (UTC), as in the orders list. Orders: every order placed in the
        period. Revenue: the totals of those orders that are paid, leaving out cancelled and refunded ones, in each
        market's currency.
      </p>
    </section>
  );
}
