import type { VehicleOption } from '../../shared/api/vehicles.ts';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';

export type { VehicleOption };

const cache = new Map<string, Promise<VehicleOption[]>>();

/** The choices below a vehicle node (years when there is none), cached for the page's life. */
export function optionsBelow(parentId: number | null, level: number): Promise<VehicleOption[]> {
  const key = `${parentId ?? 'root'}:${level}`;
  let options = cache.get(key);
  if (!options) {
    options = api.call(API.vehicleOptions, parentId === null ? { level } : { attributeValueId: parentId, level });
    options.catch(() => cache.delete(key));
    cache.set(key, options);
  }
  return options;
}

/** Decodes a VIN on the server (check digit, model year, make and, when it can, model). */
export const decodeVin = (vin: string) => api.call(API.vinDecode, { vin });
