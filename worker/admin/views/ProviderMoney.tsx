import type { Currency } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { DISPUTE_STATUS_LABEL, type OrderMoney } from '../../../shared/payment-movements.ts';
import type { DisputeRecord } from '../../payments/staff.ts';
import { placedAt } from './OrdersPage.tsx';

/** What the shop's books and each provider say of orders' money (issue 38), side by side. */

export const PROVIDER_LABEL: Record<string, string> = { card: 'Stripe', paypal: 'PayPal' };

export const moneyIn = (currency: string) => (cent: number) => formatMoney({ cent, currency: currency as Currency });

const COLUMNS = [
  { key: 'shopCapturedCent', label: 'Captured (shop)' },
  { key: 'providerCapturedCent', label: 'Captured (provider)' },
  { key: 'shopRefundedCent', label: 'Refunded (shop)' },
  { key: 'providerRefundedCent', label: 'Refunded (provider)' },
  { key: 'disputedCent', label: 'Disputed' },
  { key: 'disputeReturnedCent', label: 'Dispute returned' },
  { key: 'feeCent', label: 'Fees' },
] as const;

/** One row per order, provider and currency; a row whose two sides disagree says so. */
export function MoneyTable({
  rows,
  orderLinks,
}: {
  rows: readonly (OrderMoney & { orderId?: string })[];
  orderLinks?: boolean;
}) {
  return (
    <div className="table-scroll">
      <table aria-label="Provider money" className="stack-table">
        <thead>
          <tr>
            {orderLinks && <th scope="col">Order</th>}
            <th scope="col">Provider</th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="num">
                {column.label}
              </th>
            ))}
            <th scope="col">Agrees</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const money = moneyIn(row.currency);
            return (
              <tr key={`${row.orderId ?? ''}${row.provider}${row.currency}`} data-mismatch={row.mismatch || undefined}>
                {orderLinks && (
                  <td data-label="Order" style={{ whiteSpace: 'nowrap' }}>
                    <a href={`/admin/orders/${row.orderId}`}>{row.orderId}</a>
                  </td>
                )}
                <td data-label="Provider" style={{ whiteSpace: 'nowrap' }}>
                  {`${PROVIDER_LABEL[row.provider] ?? row.provider} · ${row.currency}`}
                </td>
                {COLUMNS.map((column) => (
                  <td key={column.key} className="num" data-amount={column.key} data-label={column.label}>
                    {money(row[column.key])}
                  </td>
                ))}
                <td data-label="Agrees">{row.mismatch ? <strong className="error">Mismatch</strong> : 'Yes'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The order page's section: what each provider holds of the order, and its disputes. */
export function ProviderMoney({
  money,
  disputes,
}: {
  money: readonly OrderMoney[];
  disputes: readonly DisputeRecord[];
}) {
  if (money.length === 0 && disputes.length === 0) return null;
  return (
    <section aria-label="What the providers hold">
      <h2>What the providers hold</h2>
      {money.length > 0 && <MoneyTable rows={money} />}
      {disputes.length > 0 && (
        <ul className="panel" aria-label="Disputes">
          {disputes.map((dispute) => (
            <li key={dispute.ref}>
              {`Dispute ${dispute.ref} · ${moneyIn(dispute.currency)(dispute.amountCent)} · ${dispute.reason} · `}
              {`${DISPUTE_STATUS_LABEL[dispute.status]} · opened ${placedAt(dispute.openedAt)} UTC`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
