import type { AppliedVehicle, SpellingHint, VehicleOffer } from '../understanding.ts';
import { searchHref } from './search-links.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** "Showing results for X. Search instead for Y", or "Did you mean X?" when the correction was only suggested. */
export function SpellingNotice({
  spelling,
  typed,
  params,
}: {
  spelling: SpellingHint;
  typed: string;
  params: URLSearchParams;
}) {
  const corrected = searchHref(params, { keyword: spelling.keyword, asTyped: null });
  if (!spelling.applied)
    return (
      <p className="search-notice" data-spelling="suggested">
        {`${m.search_did_you_mean()} `}
        <a href={corrected}>{spelling.keyword}</a>?
      </p>
    );
  return (
    <p className="search-notice" data-spelling="applied">
      {`${m.search_showing_for()} `}
      <strong>{spelling.keyword}</strong>
      {`. ${m.search_instead_for()} `}
      <a href={searchHref(params, { keyword: typed, asTyped: '1' })}>{typed}</a>
    </p>
  );
}

/**
 * "Shop for 2018 Toyota Camry?": the same search with the vehicle applied and its words out of the keyword; without a
 * year the model has, the make's page, where the year is chosen.
 */
export function VehicleOfferNotice({
  offer,
  searched,
  params,
}: {
  offer: VehicleOffer;
  searched: string;
  params: URLSearchParams;
}) {
  const href =
    offer.attributeValueId !== null
      ? searchHref(params, { keyword: searched, attributeValueId: String(offer.attributeValueId), fits: null })
      : `/makes/${offer.makeSlug}${offer.modelSlug ? `?model=${encodeURIComponent(offer.modelSlug)}` : ''}`;
  return (
    <p className="search-notice search-notice--vehicle" data-vehicle-offer={offer.attributeValueId ?? ''}>
      {`${m.search_shop_for()} `}
      <a href={href}>{offer.name}</a>?
      {offer.attributeValueId === null && ` ${offer.modelSlug ? m.search_choose_year() : m.search_choose_model_year()}`}
    </p>
  );
}

/**
 * The vehicle the words named, applied to the search: what it is, a way to search without it, and, when its year or
 * engine is missing, a choice of them (a plain form: each answer is the words with the year or engine size added).
 */
export function AppliedVehicleNotice({ vehicle, params }: { vehicle: AppliedVehicle; params: URLSearchParams }) {
  const { ask } = vehicle;
  const kept = [...params].filter(([key]) => key !== 'keyword' && key !== 'page' && key !== 'asTyped');
  return (
    <div className="search-notice search-notice--vehicle" data-applied-vehicle={vehicle.attributeValueId ?? ''}>
      <p>
        {`${m.search_vehicle_named_before()} `}
        <strong>{vehicle.name}</strong>
        {` ${m.search_vehicle_named_after()} `}
        <a href={searchHref(params, { asTyped: '1', fits: null })} data-remove-vehicle>
          {m.search_without_vehicle()}
        </a>
      </p>
      {ask && (
        <form className="vehicle-ask" action="/search" method="get" data-vehicle-ask={ask.level}>
          {kept.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label>
            {ask.level === 'year' ? m.search_which_year() : m.search_which_engine()}{' '}
            <select name="keyword">
              {ask.options.map((option) => (
                <option key={option.keyword} value={option.keyword}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit" className="button button--secondary button--small">
            {m.search_show_parts()}
          </button>
        </form>
      )}
    </div>
  );
}
/** What the fit filter does: the parts it hides and a way to see them, or a way back to only fitting parts. */
export function FitNotice({
  vehicle,
  fitsOnly,
  hidden,
  capped = false,
  params,
}: {
  vehicle: string;
  fitsOnly: boolean;
  hidden: number | null;
  capped?: boolean;
  params: URLSearchParams;
}) {
  if (!fitsOnly)
    return (
      <p className="search-notice" data-fit-notice="all">
        {m.fit_showing_all({ vehicle })} <a href={searchHref(params, { fits: null })}>{m.fit_show_only()}</a>
      </p>
    );
  if (hidden === 0) return null;
  const showAll = <a href={searchHref(params, { fits: 'all' })}>{m.fit_show_all()}</a>;
  return (
    <p className="search-notice" data-fit-notice="hidden" data-hidden={hidden ?? ''}>
      {hidden === null
        ? `${m.fit_showing_fitting({ vehicle })} `
        : `${capped ? m.fit_hidden_capped({ count: hidden, vehicle }) : m.fit_hidden({ count: hidden, vehicle })} `}
      {showAll}
    </p>
  );
}
