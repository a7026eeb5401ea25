import { formatMoney } from '../../../shared/money.ts';
import { vehicleName } from '../../../shared/vehicle.ts';
import type { CustomerDetail } from '../customers.ts';
import type { StaffMember } from '../service.ts';
import { CustomerActions, PointsForm } from './CustomerActions.tsx';
import { AccountBadges, customerName, joinedOn } from './CustomersPage.tsx';
import { placedAt } from './OrdersPage.tsx';

/** How the ledger's reason codes read; an entry staff made shows their own reason beside it. */
const LEDGER_REASON: Record<string, string> = {
  EARNED_ORDER: 'Earned on an order',
  REDEEM_ORDER: 'Spent on an order',
  REDEEM_COUPON: 'Spent on a coupon',
  REFUND: 'Order cancelled or refunded',
  ADJUSTMENT: 'Adjusted by staff',
};
/** Ledger entries whose reference is an order number. */
const ORDER_REASONS = new Set(['EARNED_ORDER', 'REDEEM_ORDER', 'REFUND']);

function Orders({ orders, email }: { orders: CustomerDetail['orders']; email: string }) {
  if (orders.total === 0) return <p className="panel">No orders yet.</p>;
  return (
    <>
      <p className="muted">
        {`${orders.total} ${orders.total === 1 ? 'order' : 'orders'}`}
        {orders.total > orders.list.length && (
          <>
            {` (the newest ${orders.list.length} shown; `}
            <a href={`/admin/orders?q=${encodeURIComponent(email)}`}>all orders with this email</a>)
          </>
        )}
      </p>
      <div className="table-scroll">
        <table aria-label="Orders">
          <thead>
            <tr>
              <th>Order</th>
              <th>Placed (UTC)</th>
              <th>Status</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {orders.list.map((order) => (
              <tr key={order.orderId} data-order={order.orderId}>
                <td>
                  <a href={`/admin/orders/${encodeURIComponent(order.orderId)}`}>{order.orderId}</a>
                </td>
                <td>{placedAt(order.createdAt)}</td>
                <td>{order.statusLabel}</td>
                <td className="num">{formatMoney({ cent: order.total, currency: order.currency })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Addresses({ addresses }: { addresses: CustomerDetail['addresses'] }) {
  if (addresses.length === 0) return <p className="panel">No saved addresses.</p>;
  return (
    <ul className="panel" aria-label="Addresses">
      {addresses.map((address) => {
        const lines = [
          `${address.firstName} ${address.lastName}`,
          address.addressLine1,
          address.addressLine2,
          address.city,
          `${address.regionCode} ${address.postalCode}`,
          address.market.toUpperCase(),
        ].filter(Boolean);
        return (
          <li key={address.id}>
            {`${lines.join(', ')} · ${address.phone}${address.isDefault === 1 ? ' · default' : ''}`}
          </li>
        );
      })}
    </ul>
  );
}

function Garage({ garage }: { garage: CustomerDetail['garage'] }) {
  if (garage.length === 0) return <p className="panel">No saved vehicles.</p>;
  return (
    <ul className="panel" aria-label="Garage">
      {garage.map((vehicle) => (
        <li key={vehicle.id}>{`${vehicleName(vehicle, true)}${vehicle.isDefault ? ' · default' : ''}`}</li>
      ))}
    </ul>
  );
}

function Ledger({ ledger, balance }: { ledger: CustomerDetail['ledger']; balance: number }) {
  if (ledger.length === 0) return <p className="panel">No points entries yet.</p>;
  let after = balance; // newest first: each row's balance is the one before the newer rows
  return (
    <div className="table-scroll">
      <table aria-label="Points ledger">
        <thead>
          <tr>
            <th>When (UTC)</th>
            <th className="num">Points</th>
            <th>Reason</th>
            <th>For</th>
            <th className="num">Balance after</th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((entry) => {
            const balanceAfter = after;
            after -= entry.delta;
            const orderRef = entry.reference && ORDER_REASONS.has(entry.reason);
            return (
              <tr key={entry.id} data-ledger={entry.id}>
                <td>{placedAt(entry.createdAt)}</td>
                <td className="num">{entry.delta > 0 ? `+${entry.delta}` : String(entry.delta)}</td>
                <td>
                  {LEDGER_REASON[entry.reason] ?? entry.reason}
                  {entry.note && <span className="muted">{`: ${entry.note}`}</span>}
                </td>
                <td>
                  {orderRef ? (
                    <a href={`/admin/orders/${encodeURIComponent(entry.reference!)}`}>{entry.reference}</a>
                  ) : entry.reason === 'ADJUSTMENT' ? (
                    ''
                  ) : (
                    (entry.reference ?? '')
                  )}
                </td>
                <td className="num">{balanceAfter}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One member: account state, orders, addresses, garage, points balance and ledger, and staff actions. */
export function CustomerPage(props: {
  detail: CustomerDetail;
  staff: StaffMember;
  csrf: string;
  formKey: string;
  done?: string;
  error?: string;
}) {
  const { account, orders, addresses, garage, balance, ledger } = props.detail;
  return (
    <section>
      <p>
        <a href="/admin/customers">All customers</a>
      </p>
      <h1>{`Customer ${account.email}`}</h1>
      {props.done && (
        <p className="ok" role="status">
          {props.done}
        </p>
      )}
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <div className="panel" data-testid="account">
        <p>
          {[customerName(account), account.market.toUpperCase(), `joined ${joinedOn(account.createdAt)}`].join(' · ')}
          {account.phone ? ` · ${account.phone}` : ''}
        </p>
        <p>
          <AccountBadges customer={account} />
        </p>
        <CustomerActions account={account} staff={props.staff} csrf={props.csrf} />
      </div>
      <h2>Orders</h2>
      <Orders orders={orders} email={account.email} />
      <h2>Addresses</h2>
      <Addresses addresses={addresses} />
      <h2>Garage</h2>
      <Garage garage={garage} />
      <h2>Points</h2>
      <p className="panel" data-testid="points-balance">
        {`Balance: ${balance} points`}
      </p>
      <PointsForm accountId={account.id} staff={props.staff} csrf={props.csrf} formKey={props.formKey} />
      <Ledger ledger={ledger} balance={balance} />
    </section>
  );
}
