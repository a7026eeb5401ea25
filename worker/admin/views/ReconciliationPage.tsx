import type { MovementKind } from '../../../shared/payment-movements.ts';
import type { ReconciliationReport } from '../../payments/staff.ts';
import { MoneyTable, moneyIn, PROVIDER_LABEL } from './ProviderMoney.tsx';

const TOTALS: { kind: MovementKind; label: string }[] = [
  { kind: 'CAPTURE', label: 'Captured' },
  { kind: 'REFUND', label: 'Refunded' },
  { kind: 'REFUND_FAILED', label: 'Refunds failed' },
  { kind: 'DISPUTE', label: 'Disputed' },
  { kind: 'DISPUTE_REVERSAL', label: 'Disputes won back' },
  { kind: 'FEE', label: 'Fees' },
  { kind: 'PAYOUT', label: 'Paid out' },
];

/** One day's reconciliation: each provider's totals by currency, then every order whose two sides disagree. */
export function ReconciliationPage(props: {
  day: string;
  report: ReconciliationReport;
  /** Kept by the daily run (when), or built now for a day it has not reached. */
  builtAt: string | null;
  kept: readonly { day: string; flagged: number }[];
}) {
  const { report } = props;
  return (
    <section>
      <h1>Payment reconciliation</h1>
      <form method="get" className="panel">
        <label>
          Day (UTC) <input type="date" name="day" defaultValue={props.day} required />
        </label>{' '}
        <button type="submit">Show</button>
      </form>
      <p className="panel" role="status">
        {props.builtAt ? `Report of ${report.day}, built ${props.builtAt} UTC.` : `Report of ${report.day}, built now.`}
        {` ${report.ordersChecked} orders moved money; `}
        <strong data-flagged={report.flagged.length}>{`${report.flagged.length} disagree`}</strong>.
        {report.feesMissing.length > 0 && ' The card provider could not be read: its fees are missing.'}
      </p>
      <h2>Providers</h2>
      {report.providers.length === 0 ? (
        <p className="panel">No provider reported money moving that day.</p>
      ) : (
        <div className="table-scroll">
          <table aria-label="Provider totals" className="stack-table">
            <thead>
              <tr>
                <th scope="col">Provider</th>
                {TOTALS.map((total) => (
                  <th key={total.kind} scope="col" className="num">
                    {total.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.providers.map((row) => (
                <tr key={`${row.provider}${row.currency}`}>
                  <td data-label="Provider">{`${PROVIDER_LABEL[row.provider] ?? row.provider} · ${row.currency}`}</td>
                  {TOTALS.map((total) => (
                    <td key={total.kind} className="num" data-total={total.kind} data-label={total.label}>
                      {moneyIn(row.currency)(row.totals[total.kind])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Orders that disagree</h2>
      {report.flagged.length === 0 ? (
        <p className="panel">Every order agrees with its providers.</p>
      ) : (
        <MoneyTable rows={report.flagged} orderLinks />
      )}
      {props.kept.length > 0 && (
        <>
          <h2>Daily reports</h2>
          <ul className="panel" aria-label="Daily reports">
            {props.kept.map((row) => (
              <li key={row.day}>
                <a href={`/admin/payments/reconciliation?day=${row.day}`}>{row.day}</a>
                {` · ${row.flagged} disagree`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
