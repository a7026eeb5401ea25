import type { MarketId } from '../../../shared/markets.ts';
import type { NexusThreshold } from '../../../shared/tax-nexus.ts';
import type { NexusReport, NexusRow, NexusStatus } from '../../tax/staff.ts';
import { MARKET_NAME, moneyOf, TaxStyles, TaxTabs } from './TaxParts.tsx';

const STATUS_LABEL: Readonly<Record<NexusStatus, string>> = {
  registered: 'Registered',
  over: 'Over threshold',
  near: 'Near (≥80 %)',
  under: 'Under',
  none: 'No sales tax',
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** How far along a threshold's test the shop is, where it has made any way. */
function Share({ share }: { share: number | null }) {
  if (share === null || share <= 0) return null;
  return <span className="hint"> · {Math.floor(share * 100)} %</span>;
}

/** A threshold's amount in whole dollars. */
const dollars = (market: MarketId, cents: number) => moneyOf(market, cents).replace(/\.00$/, '');

/** A threshold in words: "$100,000.00 or 200 orders", "$500,000.00 and 100 orders". */
function thresholdText(market: MarketId, threshold: NexusThreshold | null): string {
  if (!threshold || (threshold.salesCent === null && threshold.transactions === null)) return 'None';
  if (threshold.salesCent === 0) return 'Any sale';
  const parts = [
    threshold.salesCent !== null ? dollars(market, threshold.salesCent) : null,
    threshold.transactions !== null ? `${threshold.transactions} orders` : null,
  ].filter(Boolean);
  return parts.join(threshold.both ? ' and ' : ' or ');
}

function Status({ row }: { row: NexusRow }) {
  return (
    <span>
      <span className={`badge ${row.status}`} data-nexus-status={row.status}>
        {STATUS_LABEL[row.status]}
      </span>
      {row.status === 'registered' && row.meets && <span className="hint"> (over threshold)</span>}
    </span>
  );
}

function NexusTable({ report }: { report: NexusReport }) {
  const { market } = report;
  const place = market === 'us' ? 'State' : 'Registration';
  return (
    <div className="table-scroll">
      <table className="stack-table" aria-label={`Economic nexus: ${MARKET_NAME[market]}`}>
        <thead>
          <tr>
            <th scope="col">{place}</th>
            <th scope="col" className="num">
              Sales
            </th>
            <th scope="col" className="num">
              Orders
            </th>
            <th scope="col">Threshold</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.key} data-nexus={`${market}:${row.key}`}>
              <td>{row.label}</td>
              <td className="num" data-label="Sales">
                <span>
                  {moneyOf(market, row.salesCent)}
                  <Share share={row.salesShare} />
                </span>
              </td>
              <td className="num" data-label="Orders">
                <span>
                  {row.orders}
                  <Share share={row.ordersShare} />
                </span>
              </td>
              <td data-label="Threshold">
                <span>
                  {thresholdText(market, row.threshold)}
                  {row.threshold?.note && <span className="hint note">{row.threshold.note}</span>}
                </span>
              </td>
              <td data-label="Status">
                <Status row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where the owner should look first: over a threshold without a registration, then near one. */
function Summary({ report }: { report: NexusReport }) {
  const over = report.rows.filter((row) => row.status === 'over');
  const near = report.rows.filter((row) => row.status === 'near');
  const names = (rows: NexusRow[]) => rows.map((row) => row.label).join(', ');
  return (
    <ul className="summary" data-nexus-summary={report.market}>
      <li>
        <strong>Over a threshold, not registered:</strong> {over.length ? names(over) : 'none'}
      </li>
      <li>
        <strong>Near a threshold (80 % or more):</strong> {near.length ? names(near) : 'none'}
      </li>
    </ul>
  );
}

/** The economic-nexus report: each market's sales per state or registration against its threshold. */
export function TaxNexusPage({ reports }: { reports: NexusReport[] }) {
  const span = reports[0];
  return (
    <section className="tax-admin">
      <TaxStyles />
      <TaxTabs current="/admin/tax/nexus" />
      <h1>Economic nexus</h1>
      {span && (
        <p>
          The 12 months from {day(span.from)} to {day(span.to)} (UTC).
        </p>
      )}
      <p className="hint">
        Sales are what buyers paid for parts and shipping, before tax, on orders paid in these 12 months, net of
        refunds: less what refunds and cancellations of those orders gave back. Orders counts the paid orders shipped
        there that kept something. Both come from the tax ledger, kept since sales tax is recorded per order. States
        measure over the previous or current calendar year or a trailing 12 months, and some count only retail or
        taxable sales; this report uses the trailing 12 months throughout, so check a state's own rule when it is near.
      </p>
      {reports.map((report) => (
        <section key={report.market} aria-labelledby={`nexus-${report.market}`}>
          <h2 id={`nexus-${report.market}`}>
            {MARKET_NAME[report.market]} ({report.currency})
          </h2>
          <Summary report={report} />
          <NexusTable report={report} />
        </section>
      ))}
    </section>
  );
}
