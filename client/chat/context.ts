import { API } from '../../shared/api-routes.ts';
import { attributeValueIdOf, vehicleName } from '../../shared/vehicle.ts';
import { api } from '../api.ts';
import { garage } from '../state/garage.ts';

/**
 * Where the shopper is, for the agent: this page and the vehicle chosen in the garage. The cart is not
 * sent: the Worker reads it from the shopper's own cart cookie or account.
 */
export function whereabouts(): { page: string; vehicle?: string; attributeValueId?: number } {
  const vehicle = garage.current.value;
  const page = location.pathname.slice(0, 512);
  if (!vehicle) return { page };
  return { page, vehicle: vehicleName(vehicle, true).slice(0, 120), attributeValueId: attributeValueIdOf(vehicle) };
}

/** Tells the open conversation about this page (a chat continued on a new page); a failure changes nothing. */
export function shareWhereabouts(token: string): void {
  api.call(API.chatContext, { token, ...whereabouts() }).catch(() => undefined);
}
