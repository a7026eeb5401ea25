import { SORT_OPTIONS } from '../../../shared/constants.ts';
import type { UnderstoodSearch } from '../understanding.ts';
import { ProductCard } from '../../catalog/views/ProductCard.tsx';
import { ChosenFilterBar, type ChosenFilters, chosenCount, SearchFacets } from './SearchFacets.tsx';
import { AppliedVehicleNotice, FitNotice, SpellingNotice, VehicleOfferNotice } from './SearchNotices.tsx';
import { searchHref } from './search-links.ts';

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

/** A count with thousands commas (§9), without building an Intl formatter per page. */
const withCommas = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** What the page shows, as its heading says it: the keyword, else the category (for the vehicle), else all parts. */
export function searchHeading(props: Pick<SearchPageProps, 'trail' | 'vehicle' | 'fitsOnly'> & { searched: string }) {
  const { searched, trail, vehicle, fitsOnly } = props;
  if (searched) return `Results for “${searched}”`;
  const forVehicle = vehicle && fitsOnly ? ` for ${vehicle.name}` : '';
  if (trail) return `${trail.category.name}${forVehicle}`;
  return forVehicle ? `Parts${forVehicle}` : 'All parts';
}

function Breadcrumb({ trail }: { trail: CategoryTrail }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb">
        <li>
          <a href="/">Home</a>
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
        Sort by{' '}
        <select name="sort" defaultValue={params.get('sort') ?? ''}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.label} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" className="button button--secondary button--small">
        Apply
      </button>
    </form>
  );
}

function NoResults() {
  return (
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
  );
}

function Pagination({ params, page, pages }: { params: URLSearchParams; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <ul className="pagination" aria-label="Pages">
      {page > 1 && (
        <li>
          <a href={searchHref(params, { page: String(page - 1) })}>Previous</a>
        </li>
      )}
      <li>{`Page ${page} of ${pages}`}</li>
      {page < pages && (
        <li>
          <a href={searchHref(params, { page: String(page + 1) })} rel="next">
            Next
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
        {`${withCommas(answer.total)}${capped ? '+' : ''} part${answer.total === 1 ? '' : 's'}`}
        {capped && <span className="search-capped">, best sellers first</span>}
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
        <aside className="search-facets" aria-label="Filters">
          {facets}
        </aside>
        <div className="search-results">
          <ChosenFilterBar chosen={chosen} />
          <div className="search-toolbar">
            <details className="filter-drawer" data-filter-drawer>
              <summary>
                <span className="filter-drawer__open">{`Filters (${chosenCount(chosen)})`}</span>
                <span className="filter-drawer__done">Done</span>
              </summary>
              <div className="filter-drawer__panel">
                <h2 className="filter-drawer__title">Filters</h2>
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
              <h2 className="visually-hidden">Results</h2>
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
