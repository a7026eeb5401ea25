import { vehicleName, vehiclePartsPath } from '../../shared/vehicle.ts';
import { garage } from '../state/garage.ts';
import { useHydrated } from '../state/hydrated.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * The vehicle being shopped for, in the header; 'Add vehicle' until one is chosen. The name wraps inside the
 * header's room ("2019 Chevrolet Silverado 2500 HD High Country" on a 320 px phone), and "Change Vehicle" stays whole.
 */
export default function HeaderVehicle() {
  const hydrated = useHydrated();
  const current = useSignalValue(garage.current);
  const vehicles = useSignalValue(garage.vehicles);
  if (!hydrated || !current)
    return (
      <a className="header-vehicle" href="/parts" data-header-vehicle="empty">
        {m.header_add_vehicle()}
      </a>
    );
  return (
    <span className="header-vehicle" data-header-vehicle="chosen">
      <span className="header-vehicle__name">
        {m.header_shopping_for()}{' '}
        <a href={vehiclePartsPath(current)} data-header-vehicle-parts>
          <strong>{vehicleName(current, true)}</strong>
        </a>
      </span>{' '}
      <span className="header-vehicle__actions">
        <a href="/parts">{m.header_change_vehicle()}</a>
        {vehicles.length > 1 && <small> {m.header_in_garage({ count: vehicles.length })}</small>}
      </span>
    </span>
  );
}
