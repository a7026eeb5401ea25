import { useEffect } from 'react';
import { vehicleName, vehiclePartsPath } from '../../shared/vehicle.ts';
import { garage } from '../state/garage.ts';
import { useHydrated } from '../state/hydrated.ts';
import { useSignalValue } from '../state/signal-hook.ts';

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
        Your garage is empty. Choose a vehicle above to add it.
      </p>
    );
  return (
    <section className="garage" data-garage="list">
      <h2>My garage</h2>
      <ul>
        {vehicles.map((vehicle) => (
          <li
            key={vehicle.id}
            data-garage-vehicle={vehicleName(vehicle, true)}
            data-default={vehicle.isDefault ? 'true' : undefined}
          >
            <span>
              {vehicleName(vehicle, true)}
              {vehicle.isDefault ? ' (shopping for)' : ''}
            </span>
            <a href={vehiclePartsPath(vehicle)} data-garage-parts>
              Shop parts
            </a>
            {!vehicle.isDefault && (
              <button type="button" onClick={() => garage.select(vehicle.id)}>
                Shop for this
              </button>
            )}
            <button type="button" onClick={() => garage.remove(vehicle.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => garage.clear()}>
        Clear garage
      </button>
    </section>
  );
}
