import type { AppliedVehicle, SpellingHint, VehicleOffer } from '../understanding.ts';
import { searchHref } from './search-links.ts';

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
        Did you mean <a href={corrected}>{spelling.keyword}</a>?
      </p>
    );
  return (
    <p className="search-notice" data-spelling="applied">
      Showing results for <strong>{spelling.keyword}</strong>. Search instead for{' '}
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
      Shop for <a href={href}>{offer.name}</a>?
      {offer.attributeValueId === null &&
        ` Choose its ${offer.modelSlug ? 'year' : 'model and year'} to see the parts that fit.`}
    </p>
  );
}

/** "1 part that doesn't fit", "950 parts ...", or "950+ parts ..." when the words matched more than were counted. */
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
        Showing parts for the <strong>{vehicle.name}</strong> named in your search.{' '}
        <a href={searchHref(params, { asTyped: '1', fits: null })} data-remove-vehicle>
          Search without this vehicle
        </a>
      </p>
      {ask && (
        <form className="vehicle-ask" action="/search" method="get" data-vehicle-ask={ask.level}>
          {kept.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label>
            {ask.level === 'year' ? 'Which year is yours?' : 'Which engine is yours?'}{' '}
            <select name="keyword">
              {ask.options.map((option) => (
                <option key={option.keyword} value={option.keyword}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit" className="button button--secondary button--small">
            Show parts
          </button>
        </form>
      )}
    </div>
  );
}

const parts = (count: number, capped: boolean) =>
  count === 1 && !capped ? '1 part that doesn’t fit' : `${count}${capped ? '+' : ''} parts that don’t fit`;

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
        Showing all parts, those that fit your {vehicle} first.{' '}
        <a href={searchHref(params, { fits: null })}>Show only parts that fit</a>
      </p>
    );
  if (hidden === 0) return null;
  const showAll = <a href={searchHref(params, { fits: 'all' })}>Show all</a>;
  return (
    <p className="search-notice" data-fit-notice="hidden" data-hidden={hidden ?? ''}>
      {hidden === null
        ? `Showing parts that fit your ${vehicle}. `
        : `${parts(hidden, capped)} your ${vehicle} ${hidden === 1 && !capped ? 'is' : 'are'} hidden. `}
      {showAll}
    </p>
  );
}
