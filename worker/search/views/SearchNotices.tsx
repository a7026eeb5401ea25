import type { SpellingHint, VehicleOffer } from '../understanding.ts';
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

/** What the fit filter does: the parts it hides and a way to see them, or a way back to only fitting parts. */
export function FitNotice({
  vehicle,
  fitsOnly,
  hidden,
  params,
}: {
  vehicle: string;
  fitsOnly: boolean;
  hidden: number | null;
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
      {hidden === null ? `${m.fit_showing_fitting({ vehicle })} ` : `${m.fit_hidden({ count: hidden, vehicle })} `}
      {showAll}
    </p>
  );
}
