import { useEffect, useRef, useState } from 'react';
import { trackUniversalFit } from '../tracking/api.ts';
import type { FitAnswer } from '../../shared/api/vehicles.ts';
import { API } from '../../shared/api-routes.ts';
import { FIT_DISPLAY, fitmentSentence } from '../../shared/fitment.ts';
import { LEVEL, vehicleName, vehiclePathIds, type Vehicle } from '../../shared/vehicle.ts';
import { api } from '../api.ts';
import { garage } from '../state/garage.ts';
import { useHydrated } from '../state/hydrated.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import { optionsBelow, type VehicleOption } from '../state/vehicle-options.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** Universal-fit checks for one product are sent at most every 2000 ms (§9). */
const MATCH_THROTTLE_MS = 2000;

const pathIds = vehiclePathIds;

/** Asks whether the product fits, at most once per throttle window, always for the newest vehicle. */
function useMatch(itemId: number, vehicle: Vehicle | null, hydrated: boolean): FitAnswer | null {
  const [answer, setAnswer] = useState<FitAnswer | null>(null);
  const last = useRef(0);
  useEffect(() => {
    if (!hydrated || !vehicle) return setAnswer(null);
    let cancelled = false;
    const wait = Math.max(0, last.current + MATCH_THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      api
        .call(API.fitmentMatch, { itemId, attributeValueIds: pathIds(vehicle) })
        .then((result) => {
          if (!cancelled) setAnswer(result);
        })
        .catch(() => undefined);
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [itemId, vehicle, hydrated]);
  return answer;
}

/** The missing trim or engine, chosen right under the badge; the vehicle in the garage follows. */
function AddDetail({ vehicle, level }: { vehicle: Vehicle; level: 'trim' | 'engine' }) {
  const [options, setOptions] = useState<VehicleOption[]>([]);
  const parent = level === 'trim' ? vehicle.model : (vehicle.trim ?? vehicle.model);
  useEffect(() => {
    void optionsBelow(parent.id, LEVEL[level]).then(setOptions);
  }, [parent.id, level]);
  async function choose(id: string) {
    const option = options.find((item) => String(item.id) === id);
    if (!option) return;
    await garage.refine({ ...vehicle, [level]: { id: option.id, value: option.value, text: option.text } });
  }
  return (
    <label className="fitment-badge__detail">
      <span>{level === 'trim' ? m.vehicle_trim() : m.vehicle_engine()}</span>
      <select name={`fitment-${level}`} defaultValue="" onChange={(event) => void choose(event.target.value)}>
        <option value="" disabled>
          {m.choose_ellipsis()}
        </option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Whether this product fits the vehicle being shopped for, in the §4 colours and words. */
export default function FitmentBadge({ itemId, applies }: { itemId: number; applies: boolean }) {
  const hydrated = useHydrated();
  const vehicle = useSignalValue(garage.current);
  const answer = useMatch(itemId, vehicle, hydrated);
  const status = hydrated && vehicle ? (answer?.carModelMatch ?? null) : 'EMPTY';
  // The universal-fit event (§9, throttled): what the shopper was told about this part's fit.
  useEffect(() => {
    if (applies && hydrated && status) trackUniversalFit({ itemId, status });
  }, [applies, hydrated, itemId, status]);
  if (!applies) return null;
  if (!status)
    return (
      <div className="fitment-badge fitment-badge--checking" data-fit="checking">
        {m.fitment_checking()}
      </div>
    );
  const display = FIT_DISPLAY[status];
  const sentence = fitmentSentence(
    { applies: true, status, missingLevel: answer?.missingLevel, notes: [], positions: [] },
    vehicle ? vehicleName(vehicle) : null,
  );
  return (
    <div className={`fitment-badge fitment-badge--${display.colour}`} data-fit={status}>
      <strong>{sentence}</strong>
      {answer && answer.notes.length > 0 && <small>{answer.notes.join('; ')}</small>}
      {status === 'UNCERTAIN' && vehicle && answer?.missingLevel && (
        <AddDetail vehicle={vehicle} level={answer.missingLevel} />
      )}
      <a href="/parts">{display.action}</a>
    </div>
  );
}
