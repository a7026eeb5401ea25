import { useEffect, useState } from 'react';
import { FIT_DISPLAY } from '../../shared/fitment.ts';
import { observeExposure } from '../state/exposure.ts';
import { garage } from '../state/garage.ts';
import { fitOf, type CardFit } from '../state/fitment-batch.ts';
import { useHydrated } from '../state/hydrated.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import * as m from '../../shared/i18n/generated/messages.js';

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
  const vehicle = useSignalValue(garage.current);
  const [fit, setFit] = useState<CardFit | null>(null);
  useEffect(() => {
    if (!hydrated || !vehicle || !applies) return setFit(null);
    let live = true;
    void fitOf(itemId, vehicle).then((answer) => {
      if (live) setFit(answer);
    });
    return () => {
      live = false;
    };
  }, [itemId, vehicle, hydrated, applies]);
  // The card reports its exposure (§4) from here: every product card carries this island.
  useEffect(() => observeExposure(itemId), [itemId]);
  if (!applies) return null;
  const status = hydrated && vehicle ? (fit?.carModelMatch ?? null) : 'EMPTY';
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
