import { useState } from 'react';
import { attributeValueIdOf, vehicleName, type Vehicle } from '../../shared/vehicle.ts';
import { garage } from '../state/garage.ts';
import { useHydrated } from '../state/hydrated.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * On a vehicle's parts page: says the shopper is shopping for it, or offers to (saved to the garage, then every list
 * in the shop shows whether a part fits it).
 */
export default function VehicleApply({ vehicle, exact }: { vehicle: Vehicle; exact: boolean }) {
  const hydrated = useHydrated();
  const current = useSignalValue(garage.current);
  const [busy, setBusy] = useState(false);
  if (!hydrated) return null;
  if (current && attributeValueIdOf(current) === attributeValueIdOf(vehicle))
    return (
      <p className="vehicle-apply" data-vehicle-apply="current">
        {m.va_shopping_for_your({ vehicle: vehicleName(vehicle) })}
        {!exact && ` ${m.va_exact()}`}
      </p>
    );
  async function apply() {
    setBusy(true);
    try {
      const saved = await garage.add(vehicle);
      if (saved) await garage.select(saved.id);
    } finally {
      setBusy(false);
    }
  }
  return (
    <p className="vehicle-apply" data-vehicle-apply="other">
      <button className="button" type="button" disabled={busy} onClick={apply}>
        {m.vehicle_shop_for()}
      </button>{' '}
      {current ? m.va_shopping_for({ vehicle: vehicleName(current) }) : m.va_save_it()}
    </p>
  );
}
