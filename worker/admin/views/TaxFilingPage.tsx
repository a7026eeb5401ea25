import type { MarketId } from '../../../shared/markets.ts';
import type { FilingReport } from '../../tax/staff.ts';
import { MARKET_NAME, moneyOf, TaxStyles, TaxTabs } from './TaxParts.tsx';

interface Amounts {
  taxableCent: number;
  exemptCent: number;
  taxCent: number;
  reversedCent: number;
  netCent: number;
}

const COLUMNS = [
  { key: 'taxableCent', label: 'Taxable sales' },
  { key: 'exemptCent', label: 'Exempt sales' },
  { key: 'taxCent', label: 'Tax collected' },
  { key: 'reversedCent', label: 'Refunds\u2019 reversals' },
  { key: 'netCent', label: 'Net tax' },
] as const;

/** A row's amounts; `only` leaves the others blank (one sale is taxable in several jurisdictions: never added up). */
function AmountCells(props: { market: MarketId; amounts: Amounts; only?: readonly (keyof Amounts)[] }) {
  return (
    <>
      {COLUMNS.map((column) => (
        <td key={column.key} className="num" data-label={column.label} data-amount={column.key}>
          {!props.only || props.only.includes(column.key) ? moneyOf(props.market, props.amounts[column.key]) : '—'}
        </td>
      ))}
    </>
  );
}

function Head({ first }: { first: string[] }) {
  return (
    <thead>
      <tr>
        {first.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        {COLUMNS.map((column) => (
          <th key={column.key} scope="col" className="num">
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const place = (row: { name: string; region: string }) => (row.region ? `${row.name} · ${row.region}` : row.name);

/** The month range and market asked for; its values as typed when they were refused. */
function Filters(props: { market: string; from: string; to: string }) {
  return (
    <form method="get" action="/admin/tax/filing" className="filters" aria-label="Filing report filters">
      <div className="wide">
        <label htmlFor="filing-market">Market</label>
        <select id="filing-market" name="market" defaultValue={props.market}>
          <option value="us">United States (USD)</option>
          <option value="ca">Canada (CAD)</option>
        </select>
      </div>
      <div>
        <label htmlFor="filing-from">From month</label>
        <input id="filing-from" name="from" type="month" defaultValue={props.from} required />
      </div>
      <div>
        <label htmlFor="filing-to">To month</label>
        <input id="filing-to" name="to" type="month" defaultValue={props.to} required />
      </div>
      <div className="wide">
        <button type="submit">Show</button>
      </div>
    </form>
  );
}

function MonthlyTable({ report }: { report: FilingReport }) {
  const { market } = report.filter;
  return (
    <div className="table-scroll">
      <table className="stack-table" aria-label="By month and jurisdiction" data-filing="months">
        <Head first={['Month and jurisdiction', 'Code']} />
        <tbody>
          {report.rows.map((row) => (
            <tr key={`${row.month}|${row.jurisdiction}|${row.region}`} data-jurisdiction={row.jurisdiction}>
              <td>
                {row.month} · {place(row)}
              </td>
              <td data-label="Code">{row.jurisdiction}</td>
              <AmountCells market={market} amounts={row} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TotalsTable({ report }: { report: FilingReport }) {
  const { market } = report.filter;
  return (
    <div className="table-scroll">
      <table className="stack-table" aria-label="Totals by jurisdiction" data-filing="totals">
        <Head first={['Jurisdiction', 'Code']} />
        <tbody>
          {report.totals.map((row) => (
            <tr key={`${row.jurisdiction}|${row.region}`} data-jurisdiction={row.jurisdiction} data-region={row.region}>
              <td>{place(row)}</td>
              <td data-label="Code">{row.jurisdiction}</td>
              <AmountCells market={market} amounts={row} />
            </tr>
          ))}
          <tr className="total" data-filing-total="">
            <td>All jurisdictions</td>
            <td data-label="Code">—</td>
            <AmountCells market={market} amounts={report.total} only={['taxCent', 'reversedCent', 'netCent']} />
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The filing report: per jurisdiction and month, with its filters and the CSV of the same. */
export function TaxFilingPage(props: {
  report: FilingReport | null;
  asked: { market: string; from: string; to: string };
  error: string | null;
}) {
  const { report, asked } = props;
  const csv = `/admin/tax/filing.csv?${new URLSearchParams(asked)}`;
  return (
    <section className="tax-admin">
      <TaxStyles />
      <TaxTabs current="/admin/tax/filing" />
      <h1>Filing report</h1>
      <Filters {...asked} />
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <p className="hint">
        Sales are filed in the month they were paid, refunds and cancellations in the month they were recorded (UTC
        months). Taxable and exempt sales are net of what refunds and cancellations gave back that month; exempt sales
        are those an approved exemption certificate covered. Tax collected is what buyers were charged; where checkout
        had to estimate the tax, the order page shows what the tax service holds the shop liable for. Canada shows
        GST/HST (one return for every province), QST and each province&rsquo;s PST apart.
      </p>
      {report && (
        <>
          <p className="downloads">
            <a href={csv} download>
              Download CSV
            </a>{' '}
            <span className="hint">
              {MARKET_NAME[report.filter.market]}, {report.filter.from} to {report.filter.to}, in {report.currency}
            </span>
          </p>
          {report.rows.length === 0 ? (
            <p className="muted" data-filing-empty="">
              No sales and no refunds were recorded in these months.
            </p>
          ) : (
            <>
              <h2>Totals by jurisdiction</h2>
              <TotalsTable report={report} />
              <h2>By month</h2>
              <MonthlyTable report={report} />
            </>
          )}
        </>
      )}
    </section>
  );
}
