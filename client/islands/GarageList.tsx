import { useEffect } from 'react';
import { vehicleName, vehiclePartsPath } from '../../shared/vehicle.ts';
import { garage } from '../state/garage.ts';
import { useHydrated } from '../state/hydrated.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';

/** The garage: saved vehicles, default first; shop for one, delete one, or clear them all. */
export default function GarageList() {
  const hydrated = useHydrated();
  const vehicles = useSignalValue(garage.vehicles);
  useEffect(() => {
    void garage.load();
  }, []);
  if (!hydrated || vehicles.length === 0)
    return (
      <p className="garage-empty" data-garage="empty">
        {m.garage_empty()}
      </p>
    );
  return (
    <section className="garage" data-garage="list">
      <h2>{m.garage_title()}</h2>
      <ul>
        {vehicles.map((vehicle) => (
          <li
            key={vehicle.id}
            data-garage-vehicle={vehicleName(vehicle, true)}
            data-default={vehicle.isDefault ? 'true' : undefined}
          >
            <span>
              {vehicleName(vehicle, true)}
              {vehicle.isDefault ? ` ${m.garage_shopping_for()}` : ''}
            </span>
            <a href={localPath(vehiclePartsPath(vehicle))} data-garage-parts>
              {m.garage_shop_parts()}
            </a>
            {!vehicle.isDefault && (
              <button type="button" onClick={() => garage.select(vehicle.id)}>
                {m.garage_shop_for_this()}
              </button>
            )}
            <button type="button" onClick={() => garage.remove(vehicle.id)}>
              {m.garage_delete()}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => garage.clear()}>
        {m.garage_clear()}
      </button>
    </section>
  );
}
