import { useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import type { ReturnOptionsAnswer, ReturnVehicle } from '../../shared/api/returns.ts';
import { vinProblem } from '../../shared/vin.ts';
import type { FieldErrors } from './form-kit.tsx';

/**
 * The car for "Part doesn't fit" (issue 20): year, make and model started from the order's
 * vehicle (else the garage's), another offered vehicle, or the VIN, checked by §5 as it is typed.
 */

type Offered = ReturnOptionsAnswer['vehicles'][number];

export interface VehicleChoice {
  mode: 'car' | 'vin';
  year: string;
  make: string;
  model: string;
  vin: string;
}

export const vehicleChoiceFrom = (offered: readonly Offered[]): VehicleChoice => {
  const first = offered[0];
  return {
    mode: 'car',
    year: first ? String(first.year) : '',
    make: first?.make ?? '',
    model: first?.model ?? '',
    vin: '',
  };
};

/** The vehicle the return carries, as the API takes it; undefined when nothing was entered. */
export function returnVehicleOf(choice: VehicleChoice): ReturnVehicle | undefined {
  if (choice.mode === 'vin') return choice.vin.trim() ? { vin: choice.vin.trim() } : undefined;
  const year = Number(choice.year);
  const make = choice.make.trim();
  const model = choice.model.trim();
  if (!make && !model && !choice.year) return undefined;
  return { year: Number.isInteger(year) && year > 1900 ? year : undefined, make, model };
}

/** The VIN's §5 problem once the shopper has typed a whole one (or left the field), else none. */
export const vinFieldProblem = (vin: string, left: boolean) =>
  vin.trim() && (left || vin.replace(/[\s-]/g, '').length >= 17) ? vinProblem(vin) : null;

export function VehicleFields({
  offered,
  choice,
  onChange,
  errors,
}: {
  offered: readonly Offered[];
  choice: VehicleChoice;
  onChange: (choice: VehicleChoice) => void;
  errors: FieldErrors;
}) {
  const [vinError, setVinError] = useState<string | null>(null);
  const set = (change: Partial<VehicleChoice>) => onChange({ ...choice, ...change });
  const chosenLabel = offered.find(
    (car) => String(car.year) === choice.year && car.make === choice.make && car.model === choice.model,
  )?.label;
  const vinMessage = vinError ?? errors['vehicle.vin'];
  const carMessage = errors.vehicle;
  return (
    <fieldset className="return-vehicle" data-field="vehicle">
      <legend>{m.return_your_car()}</legend>
      <p className="return-vehicle__modes">
        <label>
          <input
            type="radio"
            name="vehicleMode"
            checked={choice.mode === 'car'}
            onChange={() => set({ mode: 'car' })}
          />{' '}
          {m.return_car_mode()}
        </label>
        <label>
          <input
            type="radio"
            name="vehicleMode"
            checked={choice.mode === 'vin'}
            onChange={() => set({ mode: 'vin' })}
          />{' '}
          {m.return_vin_label()}
        </label>
      </p>
      {choice.mode === 'car' ? (
        <>
          {offered.length > 1 && (
            <label className="field">
              <span>{m.return_vehicle()}</span>
              <select
                name="offeredVehicle"
                value={chosenLabel ?? ''}
                onChange={(event) => {
                  const car = offered.find((candidate) => candidate.label === event.target.value);
                  set(
                    car
                      ? { year: String(car.year), make: car.make, model: car.model }
                      : { year: '', make: '', model: '' },
                  );
                }}
              >
                {offered.map((car) => (
                  <option key={car.label} value={car.label}>
                    {car.label}
                  </option>
                ))}
                <option value="">{m.return_another_car()}</option>
              </select>
            </label>
          )}
          <div className="return-vehicle__car">
            <label className="field">
              <span>{m.return_year()}</span>
              <input
                name="vehicleYear"
                inputMode="numeric"
                maxLength={4}
                value={choice.year}
                aria-invalid={carMessage ? true : undefined}
                onChange={(event) => set({ year: event.target.value.replace(/\D/g, '') })}
              />
            </label>
            <label className="field">
              <span>{m.return_make()}</span>
              <input
                name="vehicleMake"
                maxLength={60}
                value={choice.make}
                onChange={(e) => set({ make: e.target.value })}
              />
            </label>
            <label className="field">
              <span>{m.return_model()}</span>
              <input
                name="vehicleModel"
                maxLength={60}
                value={choice.model}
                onChange={(event) => set({ model: event.target.value })}
              />
            </label>
          </div>
          {carMessage && <p className="form-error field-error">{carMessage}</p>}
        </>
      ) : (
        <div className="field" data-field="vehicle.vin">
          <label htmlFor="return-vin">{m.return_vin_label()}</label>
          <input
            id="return-vin"
            name="vin"
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            value={choice.vin}
            aria-invalid={vinMessage ? true : undefined}
            aria-describedby={vinMessage ? 'return-vin-error' : undefined}
            onChange={(event) => {
              set({ vin: event.target.value });
              setVinError(vinFieldProblem(event.target.value, false));
            }}
            onBlur={(event) => setVinError(vinFieldProblem(event.target.value, true))}
          />
          {vinMessage && (
            <p className="form-error field-error" id="return-vin-error">
              {vinMessage}
            </p>
          )}
          {!vinMessage && carMessage && <p className="form-error field-error">{carMessage}</p>}
        </div>
      )}
    </fieldset>
  );
}
