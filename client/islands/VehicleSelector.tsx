import { useEffect, useState } from 'react';
import {
  LEVEL_NAMES,
  shoppingForMessage,
  vehiclePartsPath,
  type LevelName,
  type Vehicle,
  type VehicleAttribute,
} from '../../shared/vehicle.ts';
import { garage } from '../state/garage.ts';
import { carryNotice } from '../state/notices.ts';
import { decodeVin, optionsBelow, type VehicleOption } from '../state/vehicle-options.ts';
import { failureText } from './form-kit.tsx';
import { localPath } from '../../shared/i18n/current.ts';
import * as m from '../../shared/i18n/generated/messages.js';

type Chosen = Partial<Record<LevelName, VehicleAttribute>>;
const LABEL: Record<LevelName, () => string> = {
  year: m.vehicle_year,
  make: m.vehicle_make,
  model: m.vehicle_model,
  trim: m.vehicle_trim,
  engine: m.vehicle_engine,
};

/**
 * The choices for each level, given what is chosen above it: every chosen level's list (a VIN
 * fills year, make and, when it decodes, model at once) and the list below the deepest choice (a model without trims
 * offers engines). Lists below a changed level are dropped before new ones load.
 */
function useOptions(chosen: Chosen) {
  const [options, setOptions] = useState<Partial<Record<LevelName, VehicleOption[]>>>({});
  useEffect(() => {
    const chain = LEVEL_NAMES.filter((level) => chosen[level]);
    const keep = new Set<LevelName>(['year', ...chain]);
    setOptions((o) => Object.fromEntries(Object.entries(o).filter(([level]) => keep.has(level as LevelName))));
    const parents: (VehicleAttribute | null)[] = [null, ...chain.map((level) => chosen[level]!)];
    parents.forEach((parent, index) => {
      if (index > 0 && chain[index - 1] === 'engine') return;
      void optionsBelow(parent?.id ?? null, parent ? LEVEL_NAMES.indexOf(chain[index - 1]!) + 2 : 1).then((list) => {
        const level = list[0] ? LEVEL_NAMES[list[0].level - 1]! : null;
        if (level) setOptions((o) => ({ ...o, [level]: list }));
      });
    });
  }, [chosen]);
  return options;
}

/** Year -> Make -> Model (-> Trim -> Engine), or a VIN: the vehicle every part is checked against. */
export default function VehicleSelector({ compact = false }: { compact?: boolean }) {
  const [chosen, setChosen] = useState<Chosen>({});
  const [vin, setVin] = useState('');
  const [error, setError] = useState('');
  const options = useOptions(chosen);

  function choose(level: LevelName, id: string) {
    const option = options[level]?.find((item) => String(item.id) === id);
    const index = LEVEL_NAMES.indexOf(level);
    const kept = Object.fromEntries(
      LEVEL_NAMES.slice(0, index)
        .map((name) => [name, chosen[name]])
        .filter(([, value]) => value),
    );
    setChosen(option ? { ...kept, [level]: { id: option.id, value: option.value, text: option.text } } : kept);
  }

  async function lookUpVin() {
    setError('');
    try {
      const answer = await decodeVin(vin);
      if (answer.model) {
        // A VIN that names its model is a vehicle: applied like the selector's choice.
        setChosen({ year: answer.year, make: answer.make, model: answer.model });
        await shopFor({ year: answer.year, make: answer.make, model: answer.model });
        return;
      }
      setChosen({ year: answer.year, make: answer.make });
      setError(m.vehicle_vin_is({ year: answer.year.text, make: answer.make.text }));
    } catch (failure) {
      setError(failureText(failure, m.vehicle_vin_unread()));
    }
  }

  /** Saves the vehicle, shops for it and opens its parts page (the toast follows to that page). */
  async function shopFor(vehicle: Vehicle) {
    const saved = await garage.add(vehicle);
    if (!saved) return;
    await garage.select(saved.id);
    carryNotice(shoppingForMessage(saved));
    location.assign(localPath(vehiclePartsPath(saved)));
  }

  async function shop() {
    if (!chosen.year || !chosen.make || !chosen.model) return;
    await shopFor({ ...chosen } as Vehicle);
  }

  const visible = LEVEL_NAMES.filter((level, i) => i < 3 || (options[level]?.length ?? 0) > 0);
  return (
    <div className={compact ? 'vehicle-selector vehicle-selector--compact' : 'vehicle-selector'} data-vehicle-selector>
      <div className="vehicle-selector__levels">
        {visible.map((level) => (
          <label key={level} className="vehicle-selector__level">
            <span>{LABEL[level]()}</span>
            <select
              name={level}
              value={chosen[level]?.id ?? ''}
              onChange={(event) => choose(level, event.target.value)}
              disabled={!options[level]?.length}
            >
              <option value="">{LABEL[level]()}</option>
              {options[level]?.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.text}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button className="button" type="button" disabled={!chosen.model} onClick={shop}>
          {m.vehicle_shop_for()}
        </button>
      </div>
      {!compact && (
        <form
          className="vehicle-selector__vin"
          onSubmit={(event) => {
            event.preventDefault();
            void lookUpVin();
          }}
        >
          <label>
            <span>{m.vehicle_or_vin()}</span>
            <input
              name="vin"
              value={vin}
              maxLength={20}
              onChange={(event) => setVin(event.target.value)}
              placeholder={m.vehicle_vin_placeholder()}
            />
          </label>
          <button type="submit" className="button button--secondary">
            {m.vehicle_use_vin()}
          </button>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
