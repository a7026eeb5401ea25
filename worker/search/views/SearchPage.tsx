import { SORT_OPTIONS } from '../../../shared/constants.ts';
import type { SearchAnswer } from '../service.ts';
import { ProductCard } from '../../catalog/views/ProductCard.tsx';

export interface SearchPageProps {
  keyword: string;
  params: URLSearchParams;
  answer: SearchAnswer;
}

function withParam(params: URLSearchParams, key: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return `/search?${next}`;
}

/** A count with thousands commas (§9), without building an Intl formatter per page. */
const withCommas = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Search results: facets, sort, cards with fitment, paging, and what to try when nothing matches. */
export function SearchPage({ keyword, params, answer }: SearchPageProps) {
  const pages = Math.max(1, Math.ceil(answer.total / answer.size));
  return (
    <section className="search-page">
      <h1>{keyword ? `Results for “${keyword}”` : 'All parts'}</h1>
      <p data-total={answer.total}>{`${withCommas(answer.total)} part${answer.total === 1 ? '' : 's'}`}</p>
      <div className="search-layout">
        <aside className="search-facets" aria-label="Filters">
          <h2>Category</h2>
          <ul>
            {answer.facets.categories.map((c) => (
              <li key={c.id}>
                <a href={withParam(params, 'category', String(c.id))}>{`${c.name} (${c.count})`}</a>
              </li>
            ))}
          </ul>
          <h2>Brand</h2>
          <ul>
            {answer.facets.brands.map((b) => (
              <li key={b.id}>
                <a href={withParam(params, 'brand', String(b.id))}>{`${b.name} (${b.count})`}</a>
              </li>
            ))}
          </ul>
        </aside>
        <div>
          <form className="search-sort" action="/search" method="get">
            {[...params]
              .filter(([key]) => key !== 'sort' && key !== 'page')
              .map(([key, value]) => (
                <input key={key} type="hidden" name={key} value={value} />
              ))}
            <label>
              Sort by{' '}
              <select name="sort" defaultValue={params.get('sort') ?? ''}>
                {SORT_OPTIONS.map((option) => (
                  <option key={option.label} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button type="submit">Apply</button>
          </form>
          {answer.records.length === 0 ? (
            <div className="search-empty" data-search-empty>
              <p>No parts match your search.</p>
              <ul>
                <li>Check the spelling, or try fewer words</li>
                <li>Search by part number, such as the one on your old part</li>
                <li>Try a broader term: brake pads, headlight, air filter</li>
                <li>
                  <a href="/categories">Browse categories</a>
                </li>
              </ul>
            </div>
          ) : (
            <ul className="product-grid">
              {answer.records.map((product) => (
                <ProductCard key={product.itemId} product={product} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <ul className="pagination" aria-label="Pages">
              {answer.page > 1 && (
                <li>
                  <a href={withParam(params, 'page', String(answer.page - 1))}>Previous</a>
                </li>
              )}
              <li>{`Page ${answer.page} of ${pages}`}</li>
              {answer.page < pages && (
                <li>
                  <a href={withParam(params, 'page', String(answer.page + 1))} rel="next">
                    Next
                  </a>
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
