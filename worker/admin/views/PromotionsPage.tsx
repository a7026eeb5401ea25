import { PROMOTION_STATUSES, type PromotionStatus, type promotionList } from '../../promotions/staff.ts';
import { dateTimeUtc, limitText, marketText, SOURCE_LABEL } from './PromotionPage.tsx';

type Found = Awaited<ReturnType<typeof promotionList>>;

const listLink = (status: PromotionStatus | null, search: string, page = 1) => {
  const query = new URLSearchParams({ page: `${page}` });
  if (status) query.set('status', status);
  if (search) query.set('q', search);
  return `/admin/promotions?${query}`;
};

/** The promotions the engine runs, newest first: filtered by status, searched by name or code, a page at a time. */
export function PromotionsPage({ found }: { found: Found }) {
  return (
    <section>
      <h1>Promotions</h1>
      <p>
        <a className="button" href="/admin/promotions/new">
          New promotion
        </a>
      </p>
      <nav className="tabs" aria-label="Promotion status">
        {[null, ...PROMOTION_STATUSES].map((status) => (
          <a
            key={status ?? 'all'}
            href={listLink(status, found.search)}
            aria-current={status === found.status ? 'page' : undefined}
          >
            {status ?? 'All'}
          </a>
        ))}
      </nav>
      <form method="get" action="/admin/promotions" className="inline" aria-label="Search promotions">
        {found.status && <input type="hidden" name="status" value={found.status} />}
        <label htmlFor="promotion-search">Name or code</label>
        <input id="promotion-search" type="search" name="q" defaultValue={found.search} maxLength={100} />
        <button type="submit">Search</button>
      </form>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {[
                'Name',
                'Code',
                'Source',
                'Gives',
                'Market',
                'Starts (UTC)',
                'Ends (UTC)',
                'Used / limit',
                'Status',
              ].map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {found.promotions.map((promotion) => (
              <tr key={promotion.id} data-promotion={promotion.id}>
                <td>
                  <a href={`/admin/promotions/${promotion.id}`}>{promotion.name}</a>
                </td>
                <td>{promotion.code ?? '—'}</td>
                <td>{SOURCE_LABEL[promotion.source] ?? promotion.source}</td>
                <td>{promotion.gives}</td>
                <td>{marketText(promotion.market)}</td>
                <td>{dateTimeUtc(promotion.startsAt) || '—'}</td>
                <td>{dateTimeUtc(promotion.endsAt) || '—'}</td>
                <td>{`${promotion.usedCount} / ${limitText(promotion.usageLimit)}`}</td>
                <td>
                  <span className={promotion.status === 'Running' ? 'badge' : 'badge off'}>{promotion.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {found.promotions.length === 0 && <p className="panel">No promotions match.</p>}
      <nav className="pager" aria-label="Pages">
        {found.page > 1 && <a href={listLink(found.status, found.search, found.page - 1)}>Previous</a>}
        <span>{`Page ${found.page} of ${found.pages}`}</span>
        {found.page < found.pages && <a href={listLink(found.status, found.search, found.page + 1)}>Next</a>}
      </nav>
    </section>
  );
}
