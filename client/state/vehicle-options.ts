import type { VehicleAttribute } from '../../shared/vehicle.ts';
import { api } from '../api.ts';

export interface VehicleOption extends VehicleAttribute {
  level: number;
}

const cache = new Map<string, Promise<VehicleOption[]>>();

/** The choices below a vehicle node (years when there is none), cached for the page's life. */
export function optionsBelow(parentId: number | null, level: number): Promise<VehicleOption[]> {
  const key = `${parentId ?? 'root'}:${level}`;
  let options = cache.get(key);
  if (!options) {
    options = api.get<VehicleOption[]>(
      '/item/public/attr/value/child/car-model',
      parentId === null ? { level } : { attributeValueId: parentId, level },
    );
    options.catch(() => cache.delete(key));
    cache.set(key, options);
  }
  return options;
}

export interface VinAnswer {
  vin: string;
  year: VehicleAttribute;
  make: VehicleAttribute;
  /**
   * The decoded model, or null when the VIN's patterns do not name one (then the shopper picks
   * from the make's models).
   */
  model: VehicleAttribute | null;
  models: VehicleAttribute[];
}

/** Decodes a VIN on the server (check digit, model year, make and, when it can, model). */
export const decodeVin = (vin: string) => api.get<VinAnswer>('/item/public/buyer/car-model/vin', { vin });
