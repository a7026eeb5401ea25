import { ITEM_STATUSES } from '../../../shared/item-status.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { catalogList } from '../../catalog/staff.ts';
import { CatalogStyles } from './CatalogStyles.tsx';

type Found = Awaited<ReturnType<typeof catalogList>>;

const STATUS_OF_LABEL = { item: 'Product status', us: 'US status', ca: 'Canada status' } as const;

/** The list's address for the same filter on another page. */
const listLink = (found: Found, page: number) => {
  const query = new URLSearchParams({ page: `${page}` });
  if (found.filter.search) query.set('q', found.filter.search);
  if (found.filter.categoryId !== null) query.set('category', `${found.filter.categoryId}`);
  if (found.filter.statusOf !== 'item') query.set('market', found.filter.statusOf);
  if (found.filter.status) query.set('status', found.filter.status);
  return `/admin/catalog?${query}`;
};

const price = (cents: number | null, currency: 'USD' | 'CAD') =>
  cents === null ? '—' : formatMoney({ cent: cents, currency });

function Filters({ found }: { found: Found }) {
  const { filter } = found;
  return (
    <form method="get" action="/admin/catalog" className="filters" aria-label="Find products">
      <div className="search">
        <label htmlFor="catalog-q">Title, part number or SKU</label>
        <input id="catalog-q" type="search" name="q" defaultValue={filter.search} maxLength={100} />
      </div>
      <div>
        <label htmlFor="catalog-category">Category</label>
        <select id="catalog-category" name="category" defaultValue={filter.categoryId ?? ''}>
          <option value="">All categories</option>
          {found.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {`${'\u00a0\u00a0'.repeat(category.depth)}${category.name}`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="catalog-market">Status of</label>
        <select id="catalog-market" name="market" defaultValue={filter.statusOf}>
          {(['item', 'us', 'ca'] as const).map((of) => (
            <option key={of} value={of}>
              {STATUS_OF_LABEL[of]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="catalog-status">Status</label>
        <select id="catalog-status" name="status" defaultValue={filter.status ?? ''}>
          <option value="">Any</option>
          {ITEM_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Find</button>
    </form>
  );
}

/** The catalog: products found by title, part number or SKU, by category and status per market, a page at a time. */
export function CatalogListPage({ found, mayEditPrices }: { found: Found; mayEditPrices: boolean }) {
  return (
    <section className="catalog-admin">
      <CatalogStyles />
      <h1>Catalog</h1>
      {mayEditPrices && (
        <p className="actions">
          <a href="/admin/catalog/import">Import prices and stock (CSV)</a>
          <a href="/admin/catalog/export.csv" download>
            Export prices and stock (CSV)
          </a>
        </p>
      )}
      <Filters found={found} />
      <p className="muted" aria-live="polite">{`${found.total.toLocaleString('en-US')} products`}</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {['#', 'Title', 'Category', 'Status · US · Canada', 'SKUs', 'From (US)', 'From (Canada)'].map((h) => (
                <th key={h} scope="col" className={/^(#|SKUs|From)/.test(h) ? 'num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {found.rows.map((item) => (
              <tr key={item.id} data-item={item.id}>
                <td className="num">{item.id}</td>
                <td className="cell-title">
                  <a href={`/admin/catalog/${item.id}`}>{item.title}</a>
                </td>
                <td>{item.category}</td>
                <td>
                  <span className="status-trio">
                    {[item.status, item.usStatus, item.caStatus].map((status, index) => (
                      <span key={index} className={status === 'ON_SHELVES' ? 'badge' : 'badge off'}>
                        {status}
                      </span>
                    ))}
                  </span>
                </td>
                <td className="num">{item.skuCount}</td>
                <td className="num">{price(item.minPriceUsd, 'USD')}</td>
                <td className="num">{price(item.minPriceCad, 'CAD')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {found.rows.length === 0 && <p className="panel">No products match.</p>}
      <nav className="pager" aria-label="Pages">
        {found.page > 1 && <a href={listLink(found, found.page - 1)}>Previous</a>}
        <span>{`Page ${found.page} of ${found.pages}`}</span>
        {found.page < found.pages && <a href={listLink(found, found.page + 1)}>Next</a>}
      </nav>
    </section>
  );
}
