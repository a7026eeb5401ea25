import { vehicleAttribute, vehicleOfPath } from '../../shared/garage-rules.ts';
import { LEVEL_NAMES, vehiclePartsPath, type Vehicle, type VehicleAttribute } from '../../shared/vehicle.ts';
import { normalizeVin, vinModelYear, vinProblem, vinWmi } from '../../shared/vin.ts';
import { ApiError } from '../platform/api-error.ts';
import { vehicleCatalogRepository } from './vehicle-catalog-repository.ts';
import type { MakeModelYears, VinModelMatch } from './records.ts';
import { vehicleRepository } from './repository.ts';
import { vinRepository } from './vin-repository.ts';
import { currentPath } from './moves.ts';
import { listGarage } from './garage.ts';
import { VEHICLE_NOT_FOUND } from './path.ts';
import type { Clock } from '../platform/clock.ts';
import { caches } from '../platform/caches.ts';

/** The vehicles domain's door: the selector's tree, VIN decoding, shop by make and fitment answers. */

export { currentVehicleId } from './current.ts';
export {
  configurationsAlong,
  VEHICLE_NOT_FOUND,
  vehiclePath,
  type VehicleChoice,
  type VehiclePath,
} from './path.ts';
export type { MakeModelYears } from './records.ts';

/**
 * The children of a level value (§7): years for level 0 or 1 without a parent; otherwise the
 * parent's children, which must sit one level down (a model without trims goes straight to engines).
 */
export async function childrenOf(
  db: D1Database,
  parentId: number | null,
  level: number,
): Promise<{ id: number; level: number; value: string; text: string }[]> {
  if (parentId === null) {
    if (level > 1) throw ApiError.badRequest('attributeValueId is required below the year level');
    return vehicleRepository(db).years();
  }
  const { parentLevel, children } = await vehicleCatalogRepository(db).childrenWithParent(parentId);
  if (parentLevel === null) throw ApiError.notFound(VEHICLE_NOT_FOUND);
  if (level !== 0 && level <= parentLevel)
    throw ApiError.badRequest(
      `level ${level} is not below the ${LEVEL_NAMES[parentLevel - 1]} level of attributeValueId ${parentId}`,
    );
  return children;
}

/** Resolves text values (year, make, model, trim, engine) to the vehicle, as deep as given. */
export async function vehicleByValues(
  db: D1Database,
  values: { year: string; make: string; model: string; trim?: string; engine?: string },
): Promise<Vehicle> {
  const repo = vehicleCatalogRepository(db);
  const year = await repo.childByValue(null, 1, values.year);
  const make = year && (await repo.childByValue(year.id, 2, values.make));
  const model = make && (await repo.childByValue(make.id, 3, values.model));
  if (!model) throw ApiError.notFound(VEHICLE_NOT_FOUND);
  let deepest = model.id;
  if (values.trim) deepest = (await repo.childByValue(deepest, 4, values.trim))?.id ?? -1;
  if (values.engine && deepest > 0) deepest = (await repo.childByValue(deepest, 5, values.engine))?.id ?? -1;
  if (deepest < 0) throw ApiError.notFound(VEHICLE_NOT_FOUND);
  const vehicle = vehicleOfPath(await vehicleRepository(db).path(deepest));
  if (!vehicle) throw ApiError.notFound(VEHICLE_NOT_FOUND);
  return vehicle;
}

export interface VinDecode {
  vin: string;
  year: VehicleAttribute;
  make: VehicleAttribute;
  /** The model the VIN's vPIC patterns name, when they name one unambiguously and the shop has it that year. */
  model: VehicleAttribute | null;
  /** The models of that make that year: the choice to offer when the model is unknown (or to change it). */
  models: VehicleAttribute[];
}

/** A valid VIN whose year or make the shop does not sell parts for. */
export const VIN_NOT_MATCHED =
  'We could not match this VIN to a vehicle we sell parts for. Please choose your vehicle instead.';

/**
 * The make and model the matching patterns name, as vPIC decides: the most specific patterns
 * win, and when equally specific ones name different models the VIN names none.
 */
export function decodedModel(matches: readonly VinModelMatch[]): { make: string; model: string } | null {
  const narrowest = Math.min(...matches.map((match) => match.breadth));
  const best = matches.filter((match) => match.breadth === narrowest);
  const first = best[0];
  if (!first || best.some((match) => match.make !== first.make || match.model !== first.model)) return null;
  return { make: first.make, model: first.model };
}

/** The make and model nodes of a model year, or null when the shop does not have that model that year. */
async function modelYearNodes(db: D1Database, yearId: number, named: { make: string; model: string }) {
  const catalog = vehicleCatalogRepository(db);
  const make = await catalog.childByValue(yearId, 2, named.make);
  const model = make && (await catalog.childByValue(make.id, 3, named.model));
  return make && model ? { make, model } : null;
}

/**
 * Decodes a VIN: model year (position 10), then the model its vPIC patterns name (whose make
 * wins over the WMI's: one WMI can serve several makes, 1C4 Chrysler, Dodge and Jeep), else the WMI's make with model
 * null.
 * The make's models for the year come back either way.
 */
export async function decodeVin(db: D1Database, input: string): Promise<VinDecode> {
  const problem = vinProblem(input);
  if (problem) throw ApiError.badRequest(problem);
  const vin = normalizeVin(input);
  const yearValue = vinModelYear(vin);
  if (!yearValue) throw ApiError.notFound(VIN_NOT_MATCHED);
  const [year, wmiMake, matches] = await Promise.all([
    vehicleCatalogRepository(db).childByValue(null, 1, String(yearValue)),
    vehicleRepository(db).makeForWmi(vinWmi(vin)),
    vinRepository(db).modelMatches(vin, yearValue),
  ]);
  if (!year) throw ApiError.notFound(VIN_NOT_MATCHED);
  const named = decodedModel(matches);
  const decoded = named && (await modelYearNodes(db, year.id, named));
  const make =
    decoded?.make ?? (wmiMake && (await vehicleCatalogRepository(db).childByValue(year.id, 2, wmiMake.name)));
  if (!make) throw ApiError.notFound(VIN_NOT_MATCHED);
  const models = await vehicleRepository(db).children(make.id);
  return {
    vin,
    year: vehicleAttribute(year),
    make: vehicleAttribute(make),
    model: decoded ? vehicleAttribute(decoded.model) : null,
    models: models.map(vehicleAttribute),
  };
}

const topMakesCache = caches.topMakes;

/** The makes with the most parts, cached for five minutes: the ranking changes only with the catalog. */
export function topMakes(db: D1Database, clock: Clock, limit = 12) {
  return topMakesCache.get(`top:${limit}`, clock, async () =>
    (await vehicleCatalogRepository(db).topMakes(limit)).map(({ id, name, slug }) => ({ id, name, slug })),
  );
}

/**
 * The vehicle a node id stands for (an id the vehicle base moved: its successor, whose deepest id
 * the vehicle carries), or null when it is not a model year, trim or engine.
 */
export async function vehicleById(db: D1Database, attributeValueId: number): Promise<Vehicle | null> {
  return vehicleOfPath((await currentPath(db, attributeValueId)).path);
}

/** The node ids a vehicle's parts fit on (its model year and below), or null when the id is no vehicle. */
export async function fittingNodeIds(db: D1Database, attributeValueId: number): Promise<number[] | null> {
  const { path } = await currentPath(db, attributeValueId);
  if (!vehicleOfPath(path)) return null;
  return path.filter((node) => node.level >= 3).map((node) => node.id);
}

/** A vehicle's own page: the vehicle, its whole path's node ids and those its parts fit on. */
export interface VehicleOfPage {
  vehicle: Vehicle;
  nodeIds: number[];
  fittingNodeIds: number[];
}

/**
 * What a vehicle's parts page shows (§2 /parts): null when the id is not a model year, trim or engine. An id the
 * vehicle base moved answers for its successor.
 */
export async function vehicleOfPage(db: D1Database, attributeValueId: number): Promise<VehicleOfPage | null> {
  const { path } = await currentPath(db, attributeValueId);
  const vehicle = vehicleOfPath(path);
  if (!vehicle) return null;
  const nodeIds = path.map((node) => node.id);
  const fittingNodeIds = path.filter((node) => node.level >= 3).map((node) => node.id);
  return { vehicle, nodeIds, fittingNodeIds };
}

/** Every make, alphabetically. */
export function allMakes(db: D1Database) {
  return vehicleRepository(db).makes();
}

/** A model year chosen on a make's page. */
export interface ChosenModelYear {
  model: MakeModelYears;
  year: number;
  attributeValueId: number;
  /** The model year's own parts page. */
  partsHref: string;
}

/** What a make's page shows. */
export interface MakePageData {
  make: { id: number; name: string; slug: string };
  models: MakeModelYears[];
  chosen: ChosenModelYear | null;
}

/**
 * A make's page (§2 shop by make): the make by slug and its models with their years, and a model
 * (by slug) and a year it has, chosen. Null for an unknown make.
 */
export async function makePage(
  db: D1Database,
  slug: string,
  choice: { model?: string; year: number },
): Promise<MakePageData | null> {
  const repo = vehicleCatalogRepository(db);
  const make = await repo.makeBySlug(slug);
  if (!make) return null;
  const models = await repo.modelsOfMake(make.id);
  const model = models.find((entry) => entry.slug === choice.model);
  const { year } = choice;
  if (!model || !model.years.includes(year)) return { make, models, chosen: null };
  const node = await repo.modelYearNode(model.modelId, year);
  if (!node) return { make, models, chosen: null };
  const vehicle = {
    year: { id: 0, value: String(year), text: String(year) },
    make: { id: make.id, value: make.name, text: make.name },
    model: { id: node.id, value: model.model, text: model.model },
  };
  const partsHref = vehiclePartsPath(vehicle);
  return { make, models, chosen: { model, year, attributeValueId: node.id, partsHref } };
}

/** A member's garage for the back office's member page (issue 19). */
export function memberGarage(db: D1Database, accountId: number) {
  return listGarage(db, accountId);
}
