import { useEffect, useState } from 'react';
import { FIT_DISPLAY } from '../../shared/fitment.ts';
import { observeExposure } from '../state/exposure.ts';
import { garage } from '../state/garage.ts';
import { fitOf, type CardFit } from '../state/fitment-batch.ts';
import { useHydrated } from '../state/hydrated.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import { vehiclePathIds } from '../../shared/vehicle.ts';
import { FIT_VEHICLE_ATTRIBUTE } from '../../shared/browser-keys.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * The vehicle a list page is about when it is not the shopper's own (one named in a search, or the query's), as its
 * node ids comma-joined; '' for a vehicle with no year yet; undefined when the page is about the shopper's own.
 */
function pageVehicleIds(): string | undefined {
  return (
    document.querySelector<HTMLElement>(`[${FIT_VEHICLE_ATTRIBUTE}]`)?.getAttribute(FIT_VEHICLE_ATTRIBUTE) ?? undefined
  );
}

/** A card's fit in a word or two (the styleguide shows the same). */
export const CARD_FIT_WORDS: Record<CardFit['carModelMatch'], () => string> = {
  FIT: m.card_fit_fits,
  NOT_FIT: m.card_fit_not,
  UNCERTAIN: m.card_fit_may,
  EMPTY: m.card_fit_check,
};

/** A product card's fitment line in the §4 colours: Fits, Does not fit, May fit (add details), or Check fit. */
export default function CardFitment({ itemId, applies }: { itemId: number; applies: boolean }) {
  const hydrated = useHydrated();
  const own = useSignalValue(garage.current);
  const [fit, setFit] = useState<CardFit | null>(null);
  const onPage = hydrated ? pageVehicleIds() : undefined;
  const vehicleIds = onPage ?? (own ? vehiclePathIds(own).join(',') : '');
  useEffect(() => {
    if (!hydrated || !vehicleIds || !applies) return setFit(null);
    let live = true;
    void fitOf(itemId, vehicleIds).then((answer) => {
      if (live) setFit(answer);
    });
    return () => {
      live = false;
    };
  }, [itemId, vehicleIds, hydrated, applies]);
  // The card reports its exposure (§4) from here: every product card carries this island.
  useEffect(() => observeExposure(itemId), [itemId]);
  if (!applies) return null;
  const status = hydrated && vehicleIds ? (fit?.carModelMatch ?? null) : 'EMPTY';
  if (!status)
    return (
      <span className="card-fit card-fit--checking" data-fit="checking">
        {m.card_fit_checking()}
      </span>
    );
  return (
    <span className={`card-fit card-fit--${FIT_DISPLAY[status].colour}`} data-fit={status}>
      {CARD_FIT_WORDS[status]()}
    </span>
  );
}
