import { SORT_OPTIONS, sortLabel } from '../../../shared/constants.ts';
import { formatCount } from '../../../shared/i18n/format.ts';
import type { UnderstoodSearch } from '../understanding.ts';
import { ProductCard } from '../../catalog/views/ProductCard.tsx';
import { ChosenFilterBar, type ChosenFilters, chosenCount, SearchFacets } from './SearchFacets.tsx';
import { AppliedVehicleNotice, FitNotice, SpellingNotice, VehicleOfferNotice } from './SearchNotices.tsx';
import { searchHref } from './search-links.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** A category with its parent, as the breadcrumb names them. */
export interface CategoryTrail {
  category: { id: number; name: string };
  parent: { id: number; name: string } | null;
}

export interface SearchPageProps {
  /** The text the shopper typed. */
  keyword: string;
  params: URLSearchParams;
  found: UnderstoodSearch;
  trail: CategoryTrail | null;
  /** The vehicle the page is about (the query's or the shopper's current one); one named in the words comes first. */
  vehicle: { name: string } | null;
  /** Only parts that fit, when the page is about a vehicle (not `fits=all`). */
  fitsOnly: boolean;
  /** The node ids of the query's vehicle (attributeValueId) when it is not the shopper's own, for the cards' fit. */
  vehicleIds?: string;
}

/** What the page shows, as its heading says it: the keyword, else the category (for the vehicle), else all parts. */
export function searchHeading(props: Pick<SearchPageProps, 'trail' | 'vehicle' | 'fitsOnly'> & { searched: string }) {
  const { searched, trail, vehicle, fitsOnly } = props;
  if (searched) return m.search_results_for({ keyword: searched });
  const forVehicle = (what: string) =>
    vehicle && fitsOnly ? m.search_for_vehicle({ what, vehicle: vehicle.name }) : what;
  if (trail) return forVehicle(trail.category.name);
  return vehicle && fitsOnly ? forVehicle(m.search_parts_word()) : m.search_all_parts();
}

function Breadcrumb({ trail }: { trail: CategoryTrail }) {
  return (
    <nav aria-label={m.breadcrumb()}>
      <ol className="breadcrumb">
        <li>
          <a href="/">{m.breadcrumb_home()}</a>
        </li>
        {trail.parent && (
          <li>
            <a href={`/search?category=${trail.parent.id}`}>{trail.parent.name}</a>
          </li>
        )}
        <li aria-current="page">{trail.category.name}</li>
      </ol>
    </nav>
  );
}

function SortForm({ params }: { params: URLSearchParams }) {
  return (
    <form className="search-sort" action="/search" method="get">
      {[...params]
        .filter(([key]) => key !== 'sort' && key !== 'page')
        .map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
      <label>
        {m.search_sort_by()}{' '}
        <select name="sort" defaultValue={params.get('sort') ?? ''}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.label} value={option.value}>
              {sortLabel(option.value)}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" className="button button--secondary button--small">
        {m.search_apply()}
      </button>
    </form>
  );
}

function NoResults() {
  return (
    <div className="search-empty" data-search-empty>
      <p>{m.search_no_results()}</p>
      <ul>
        <li>{m.search_tip_spelling()}</li>
        <li>{m.search_tip_part_number()}</li>
        <li>{m.search_tip_broader()}</li>
        <li>
          <a href="/categories">{m.search_browse_categories()}</a>
        </li>
      </ul>
    </div>
  );
}

function Pagination({ params, page, pages }: { params: URLSearchParams; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <ul className="pagination" aria-label={m.pages()}>
      {page > 1 && (
        <li>
          <a href={searchHref(params, { page: String(page - 1) })}>{m.page_previous()}</a>
        </li>
      )}
      <li>{m.page_of({ page, pages })}</li>
      {page < pages && (
        <li>
          <a href={searchHref(params, { page: String(page + 1) })} rel="next">
            {m.page_next()}
          </a>
        </li>
      )}
    </ul>
  );
}

/**
 * Search results: heading and breadcrumb, what was understood of the words, the fit filter, facets (a sidebar on
 * desktop, a drawer behind "Filters (n)" on phones, so the first product is on the first screen), sort, cards, pages.
 */
export function SearchPage(props: SearchPageProps) {
  const { keyword, params, found, trail, vehicle: own, fitsOnly: wanted, vehicleIds } = props;
  const { answer, searched, spelling, vehicleOffer, appliedVehicle } = found;
  // A vehicle named in the words is what the page is about, before the shopper's own.
  const vehicle = appliedVehicle ? { name: appliedVehicle.name } : own;
  const fitsOnly = Boolean(vehicle) && wanted;
  // The cards check their fit against the page's vehicle where it is not the shopper's own ('' until a year is known).
  // Every part that fits the vehicle is listed whatever the cap; without the fit filter, only the best sellers are.
  const capped = answer.capped && !fitsOnly;
  const fitVehicle = appliedVehicle ? (appliedVehicle.path?.join(',') ?? '') : vehicleIds;
  const pages = Math.max(1, Math.ceil(answer.total / answer.size));
  const brandId = Number(params.get('brand'));
  const brand = answer.facets.brands.find((entry) => entry.id === brandId);
  const chosen: ChosenFilters = {
    params,
    category: trail?.category ?? null,
    brand: brand ? { id: brand.id, name: brand.name } : null,
    vehicle,
    fitsOnly,
  };
  const facets = <SearchFacets chosen={chosen} facets={answer.facets} />;
  return (
    <section className="search-page" data-fit-vehicle={fitVehicle}>
      {trail && <Breadcrumb trail={trail} />}
      <h1>{searchHeading({ searched, trail, vehicle, fitsOnly })}</h1>
      <p data-total={answer.total} data-capped={capped ? 'true' : undefined}>
        {capped
          ? m.search_total_capped({ formatted: formatCount(answer.total) })
          : m.search_total({ count: answer.total, formatted: formatCount(answer.total) })}
        {capped && <span className="search-capped">{m.search_best_sellers_first()}</span>}
      </p>
      {spelling && <SpellingNotice spelling={spelling} typed={keyword} params={params} />}
      {vehicleOffer && <VehicleOfferNotice offer={vehicleOffer} searched={searched} params={params} />}
      {appliedVehicle && <AppliedVehicleNotice vehicle={appliedVehicle} params={params} />}
      {vehicle && (
        <FitNotice
          vehicle={vehicle.name}
          fitsOnly={fitsOnly}
          hidden={answer.hiddenByFit}
          capped={answer.capped}
          params={params}
        />
      )}
      <div className="search-layout">
        <aside className="search-facets" aria-label={m.filters()}>
          {facets}
        </aside>
        <div className="search-results">
          <ChosenFilterBar chosen={chosen} />
          <div className="search-toolbar">
            <details className="filter-drawer" data-filter-drawer>
              <summary>
                <span className="filter-drawer__open">{m.filters_count({ count: chosenCount(chosen) })}</span>
                <span className="filter-drawer__done">{m.filters_done()}</span>
              </summary>
              <div className="filter-drawer__panel">
                <h2 className="filter-drawer__title">{m.filters()}</h2>
                {facets}
              </div>
            </details>
            <SortForm params={params} />
          </div>
          {answer.records.length === 0 ? (
            <NoResults />
          ) : (
            <>
              {/* The cards' titles are h3: on a phone the facets' h2s are hidden in the drawer. */}
              <h2 className="visually-hidden">{m.search_results()}</h2>
              <ul className="product-grid">
                {answer.records.map((product) => (
                  <ProductCard key={product.itemId} product={product} />
                ))}
              </ul>
            </>
          )}
          <Pagination params={params} page={answer.page} pages={pages} />
        </div>
      </div>
    </section>
  );
}
