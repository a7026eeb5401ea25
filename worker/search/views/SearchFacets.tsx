import type { SearchAnswer } from '../service.ts';
import { clearAllHref, searchHref } from './search-links.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** What the results are filtered by, as the facets and the chosen-filter bar show it. */
export interface ChosenFilters {
  params: URLSearchParams;
  category: { id: number; name: string } | null;
  brand: { id: number; name: string } | null;
  /** The vehicle the fit filter is about, when one is chosen. */
  vehicle: { name: string } | null;
  fitsOnly: boolean;
}

/** How many filters are on: the count on the phone's Filters button. */
export function chosenCount(chosen: ChosenFilters): number {
  return Number(Boolean(chosen.category)) + Number(Boolean(chosen.brand)) + Number(chosen.fitsOnly);
}

type Option = { id: number; name: string; count: number };

/** One facet value: a link that chooses it, or, when chosen, marked (aria-current) with a link that clears it. */
function FacetOption({
  label,
  href,
  clearHref,
  chosen,
}: {
  label: string;
  href: string;
  clearHref: string;
  chosen: boolean;
}) {
  if (!chosen)
    return (
      <li>
        <a className="facet-option" href={href}>
          {label}
        </a>
      </li>
    );
  return (
    <li>
      <a className="facet-option facet-option--chosen" href={clearHref} aria-current="true" data-chosen>
        {label}
      </a>{' '}
      <a className="facet-clear" href={clearHref} aria-label={m.clear_named({ label })}>
        ×
      </a>
    </li>
  );
}

function FacetList({
  title,
  param,
  options,
  chosenId,
  params,
}: {
  title: string;
  param: string;
  options: Option[];
  chosenId: number | null;
  params: URLSearchParams;
}) {
  if (options.length === 0) return null;
  return (
    <section className="facet" data-facet={param}>
      <h2>{title}</h2>
      <ul>
        {options.map((option) => (
          <FacetOption
            key={option.id}
            label={`${option.name} (${option.count})`}
            href={searchHref(params, { [param]: String(option.id) })}
            clearHref={searchHref(params, { [param]: null })}
            chosen={option.id === chosenId}
          />
        ))}
      </ul>
    </section>
  );
}

/** The facets: the fit filter (with a vehicle), categories and brands, each count under the other filters. */
export function SearchFacets({ chosen, facets }: { chosen: ChosenFilters; facets: SearchAnswer['facets'] }) {
  const { params, vehicle, fitsOnly } = chosen;
  return (
    <>
      {vehicle && (
        <section className="facet" data-facet="fits">
          <h2>{m.facet_vehicle()}</h2>
          <ul>
            <FacetOption
              label={m.facet_fits_my({ vehicle: vehicle.name })}
              href={searchHref(params, { fits: null })}
              clearHref={searchHref(params, { fits: 'all' })}
              chosen={fitsOnly}
            />
          </ul>
        </section>
      )}
      <FacetList
        title={m.facet_category()}
        param="category"
        options={facets.categories}
        chosenId={chosen.category?.id ?? null}
        params={params}
      />
      <FacetList
        title={m.facet_brand()}
        param="brand"
        options={facets.brands}
        chosenId={chosen.brand?.id ?? null}
        params={params}
      />
    </>
  );
}

/** The chosen filters above the results, each with a clear link, and "Clear all". */
export function ChosenFilterBar({ chosen }: { chosen: ChosenFilters }) {
  const { params } = chosen;
  const chips = [
    chosen.category && { key: 'category', label: chosen.category.name },
    chosen.brand && { key: 'brand', label: chosen.brand.name },
  ].filter((chip): chip is { key: string; label: string } => Boolean(chip));
  if (chips.length === 0) return null;
  return (
    <ul className="chosen-filters" aria-label={m.chosen_filters()}>
      {chips.map((chip) => (
        <li key={chip.key} data-chosen-filter={chip.key}>
          <a href={searchHref(params, { [chip.key]: null })} aria-label={m.clear_named({ label: chip.label })}>
            {chip.label} <span aria-hidden="true">×</span>
          </a>
        </li>
      ))}
      <li>
        <a className="chosen-filters__clear" href={clearAllHref(params)} data-clear-all>
          {m.clear_all()}
        </a>
      </li>
    </ul>
  );
}
