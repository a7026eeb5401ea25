import { formatMoney } from '../../shared/money.ts';
import type { AnalyticsReport, FunnelRecord } from '../tracking/service.ts';

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;
const currencyOf = (market: string) => (market === 'ca' ? 'CAD' : 'USD');

function FunnelTable({ rows }: { rows: FunnelRecord[] }) {
  return (
    <table data-analytics="funnel">
      <thead>
        <tr>
          <th>Day</th>
          <th>Market</th>
          <th>Group</th>
          <th className="num">Sessions</th>
          <th className="num">Product views</th>
          <th className="num">Add to cart</th>
          <th className="num">Checkout started</th>
          <th className="num">Paid orders</th>
          <th className="num">Conversion</th>
          <th className="num">Revenue</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.day}|${row.market}|${row.group}`} data-row={`${row.day}|${row.market}|${row.group}`}>
            <td>{row.day}</td>
            <td>{row.market.toUpperCase()}</td>
            <td>{row.group || '—'}</td>
            <td className="num">{row.sessions}</td>
            <td className="num">{row.productViews}</td>
            <td className="num">{row.addToCart}</td>
            <td className="num">{row.checkoutStarted}</td>
            <td className="num">{row.paidOrders}</td>
            <td className="num">{row.sessions ? percent(row.paidOrders / row.sessions) : '—'}</td>
            <td className="num">{formatMoney({ cent: row.revenueCent, currency: currencyOf(row.market) })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Groups({ report }: { report: AnalyticsReport }) {
  return (
    <div className="panel" data-analytics="groups">
      <h2>A/B groups</h2>
      {report.srm.mismatch && (
        <p role="alert" data-srm="">
          {"Sample ratio mismatch: the groups' sessions are far from the 35/35/30 split " +
            `(p = ${report.srm.p.toExponential(1)}). Assignment or tracking is broken; do not trust this comparison.`}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th>Group</th>
            <th className="num">Sessions</th>
            <th className="num">Paid orders</th>
            <th className="num">Conversion (95 % interval)</th>
          </tr>
        </thead>
        <tbody>
          {report.groups.map((group) => (
            <tr key={group.group} data-group={group.group}>
              <td>{group.group}</td>
              <td className="num">{group.sessions}</td>
              <td className="num">{group.paidOrders}</td>
              <td className="num">{`${percent(group.rate)} (${percent(group.low)} – ${percent(group.high)})`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Searches({ report, market }: { report: AnalyticsReport; market: 'us' | 'ca' }) {
  const rows = report.searches[market];
  const origin = market === 'ca' ? 'ca' : 'us';
  return (
    <div className="panel" data-analytics={`searches-${market}`}>
      <h2>{`Top searches (${market.toUpperCase()})`}</h2>
      <table>
        <thead>
          <tr>
            <th>Search</th>
            <th className="num">Searches</th>
            <th className="num">No results</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.keyword} data-zero={row.zero > 0 ? '' : undefined}>
              <td>
                <a href={`/search?keyword=${encodeURIComponent(row.keyword)}`} data-market-link={origin}>
                  {row.keyword}
                </a>
              </td>
              <td className="num">{row.searches}</td>
              <td className="num">{row.zero}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The owner's analytics dashboard (issue 25): a range of days from the tracking sink. */
export function AnalyticsPage({ report }: { report: AnalyticsReport }) {
  return (
    <>
      <h1>Analytics</h1>
      <form method="get" action="/admin/analytics" className="filters">
        <label>
          From <input type="date" name="from" defaultValue={report.from} />
        </label>{' '}
        <label>
          To <input type="date" name="to" defaultValue={report.to} />
        </label>{' '}
        <button type="submit">Show</button>
      </form>
      <Groups report={report} />
      <div className="panel">
        <h2>Per day, market and group</h2>
        <FunnelTable rows={report.funnel} />
      </div>
      <Searches report={report} market="us" />
      <Searches report={report} market="ca" />
      <div className="panel" data-analytics="exposure">
        <h2>Product exposure</h2>
        <p>
          {`${report.exposure.exposedItems} product cards seen, ${report.exposure.productViews} product views: ` +
            `click-through ${percent(report.exposure.clickThrough)}.`}
        </p>
      </div>
      <div className="panel" data-analytics="fitment">
        <h2>Fitment outcomes</h2>
        <ul>
          {report.fitment.map((row) => (
            <li key={`${row.market}|${row.status}`} data-fit={`${row.market}|${row.status}`}>
              {`${row.market.toUpperCase()} ${row.status}: ${row.count} (${percent(row.share)})`}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
