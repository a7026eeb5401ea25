/** Vehicles as spec §3 shapes them: attribute levels, the selected vehicle, the flat form, the saved vehicle. */
import * as m from './i18n/generated/messages.js';

export const LEVEL = { year: 1, make: 2, model: 3, trim: 4, engine: 5 } as const;
export type LevelName = keyof typeof LEVEL;
export const LEVEL_NAMES: readonly LevelName[] = ['year', 'make', 'model', 'trim', 'engine'];

/** One chosen attribute: id is the vehicle node id, value and text what it says. */
export interface VehicleAttribute {
  id: number;
  value: string;
  text: string;
  defaultValue?: string;
}

/** A vehicle: year, make and model at least; trim and engine when chosen. */
export interface Vehicle {
  year: VehicleAttribute;
  make: VehicleAttribute;
  model: VehicleAttribute;
  trim?: VehicleAttribute | null;
  engine?: VehicleAttribute | null;
}

/** The flat form of §3: the five attributes plus their names. */
export interface VehicleForm extends Vehicle {
  yearName: string;
  makeName: string;
  modelName: string;
  trimName?: string;
  engineName?: string;
}

/** A vehicle in the garage. attributeValueId is the deepest chosen level (engine, else trim, else model). */
export interface SavedVehicle extends Vehicle {
  id: number | string;
  isDefault: boolean;
  attributeValueId: number;
}

/** The id of the deepest chosen level. */
export function attributeValueIdOf(vehicle: Vehicle): number {
  return vehicle.engine?.id ?? vehicle.trim?.id ?? vehicle.model.id;
}

/** The node ids of a vehicle's chosen levels, year first (what the fitment calls take). */
export function vehiclePathIds(vehicle: Vehicle): number[] {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim, vehicle.engine].flatMap((level) =>
    level ? [level.id] : [],
  );
}

/** '2015 Honda Civic' (and trim and engine when chosen, for the long form). */
export function vehicleName(vehicle: Vehicle, long = false): string {
  const base = `${vehicle.year.text} ${vehicle.make.text} ${vehicle.model.text}`;
  if (!long) return base;
  return [base, vehicle.trim?.text, vehicle.engine?.text].filter(Boolean).join(' ');
}

/** The flat form of a vehicle. */
export function toVehicleForm(vehicle: Vehicle): VehicleForm {
  return {
    ...vehicle,
    yearName: vehicle.year.text,
    makeName: vehicle.make.text,
    modelName: vehicle.model.text,
    ...(vehicle.trim ? { trimName: vehicle.trim.text } : {}),
    ...(vehicle.engine ? { engineName: vehicle.engine.text } : {}),
  };
}

/** The garage toast of §4. */
export function shoppingForMessage(vehicle: Vehicle): string {
  return m.vehicle_shopping_for_toast({ year: vehicle.year.text, make: vehicle.make.text, model: vehicle.model.text });
}

/** Saving needs at least year, make and model (§4, §5). */
export const VEHICLE_REQUIRED_MESSAGE = 'Please choose at least a year, make and model.';

export function isCompleteVehicle(vehicle: Partial<Vehicle> | null | undefined): vehicle is Vehicle {
  return Boolean(vehicle?.year?.id && vehicle.make?.id && vehicle.model?.id);
}

/** Words of a URL: lower case a-z and digits, everything else one hyphen ('5.0L V8' -> '5-0l-v8'). */
function urlWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * The page of a vehicle's parts (/parts/{attributeValueId}-{words}): the id decides, the words are for people and
 * search engines.
 */
export function vehiclePartsPath(vehicle: Vehicle): string {
  return `/parts/${attributeValueIdOf(vehicle)}-${urlWords(vehicleName(vehicle, true))}`;
}

/** The id a /parts/{attributeValueId}-{words} segment names, or null. */
export function vehicleIdOfPartsSegment(segment: string): number | null {
  const match = /^(\d{1,10})(?:-[a-z0-9-]{0,100})?$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= 2 ** 31 ? id : null;
}
