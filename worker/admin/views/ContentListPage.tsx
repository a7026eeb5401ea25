import { MARKET_IDS } from '../../../shared/markets.ts';
import type { ContentEntry } from '../content-entries.ts';
import { type MarketStates, statesText } from '../content-states.ts';
import { ContentStyles } from './ContentStyles.tsx';

export interface ContentRow {
  entry: ContentEntry;
  stored: boolean;
  states: MarketStates;
  cacheTime: string;
}

const MARKET_LABEL = { us: 'US', ca: 'Canada' } as const;

function EntryTable({ caption, rows }: { caption: string; rows: readonly ContentRow[] }) {
  return (
    <div className="table-scroll">
      <table className="stack-table content-list">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Entry</th>
            {MARKET_IDS.map((market) => (
              <th scope="col" key={market}>
                {MARKET_LABEL[market]}
              </th>
            ))}
            <th scope="col">Shows everywhere within</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.entry.id} data-entry={row.entry.id}>
              <td>
                <a href={`/admin/content/${row.entry.id}`}>{row.entry.label}</a>
                {!row.stored && <span className="badge off">not set</span>}
              </td>
              {MARKET_IDS.map((market) => (
                <td key={market} data-label={MARKET_LABEL[market]} data-market={market}>
                  {statesText(row.states[market])}
                </td>
              ))}
              <td data-label="Shows everywhere within">{row.cacheTime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every content type, the running campaign and each campaign page: what is live, scheduled or ended per market. */
export function ContentListPage(props: { content: readonly ContentRow[]; campaigns: readonly ContentRow[] }) {
  return (
    <section className="content-admin">
      <ContentStyles />
      <h1>Content</h1>
      <p className="hint">
        Live, scheduled and ended count the items (or the entry itself) in each market now. Times are UTC.
      </p>
      <p>
        The site-wide notice, the header colour and Black Friday's dates and code are in{' '}
        <a href="/admin/settings">Settings</a>.
      </p>
      <EntryTable caption="Content types" rows={props.content} />
      <EntryTable caption="Campaigns" rows={props.campaigns} />
      <form method="get" action="/admin/content/new-campaign-page" className="panel inline content-new-page">
        <label htmlFor="content-new-slug">New campaign page address</label>
        <input id="content-new-slug" name="slug" pattern="[a-z0-9\-]{1,80}" placeholder="spring-brake-sale" required />
        <button type="submit" className="secondary">
          Open its editor
        </button>
      </form>
    </section>
  );
}
