import type { FitmentAnswer } from '../../shared/fitment.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { configurationsAlong, type VehicleChoice } from '../vehicles/service.ts';
import { resolveForItems } from './fitment.ts';
import { catalogRepository } from './repository.ts';

/** Loads what the fitment resolver needs from D1 and answers; also the §3 fitment table. */

/** The most items one lookup answers: a page of a product list. */
export const MAX_LOOKUP_ITEMS = 100;

/**
 * Fitment answers for up to 100 items and one vehicle (or none) in ONE D1 round trip: the
 * items' applications to the model year, their facts and the chosen node's configurations.
 * Unknown items are left out of the map.
 */
export async function lookupFitment(
  db: D1Database,
  vehicle: VehicleChoice | null,
  itemIds: readonly number[],
): Promise<Map<number, FitmentAnswer>> {
  if (itemIds.length > MAX_LOOKUP_ITEMS)
    throw new RangeError(`lookupFitment takes at most ${MAX_LOOKUP_ITEMS} items, not ${itemIds.length}`);
  if (itemIds.length === 0) return new Map();
  // An engine is a leaf: only a model year or a trim has configurations to weigh. -1 matches no node.
  const deepest = vehicle && vehicle.engineNodeId === undefined ? (vehicle.trimNodeId ?? vehicle.modelNodeId) : -1;
  const work = unitOfWork(db);
  const fitment = catalogRepository(db).fitmentForItemsStatements(itemIds, vehicle?.modelNodeId ?? -1);
  const [rows, facts] = fitment.statements.map((statement) => work.along(statement, (result) => result));
  const configurations = configurationsAlong(work, deepest);
  await work.run();
  const loaded = fitment.read(rows!(), facts!());
  return resolveForItems(vehicle, loaded.facts, loaded.rows, configurations());
}

/** The item an item id or a SKU id names (the item id wins); null for an unknown SKU. */
export async function itemIdOf(db: D1Database, ids: { itemId?: number; skuId?: number }): Promise<number | null> {
  if (ids.itemId !== undefined) return ids.itemId;
  if (ids.skuId === undefined) return null;
  return catalogRepository(db).itemIdOfSku(ids.skuId);
}

/**
 * One page of the vehicles an item fits (§3 fitment table); null for an unknown item.
 * Non-vehicle products have no table (applies false); universal ones say so.
 */
export async function fitmentTable(db: D1Database, itemId: number, page: number, size: number) {
  const { facts, total, rows } = await catalogRepository(db).fitmentTableOfItem(itemId, page, size);
  if (!facts) return null;
  if (facts.nonVehicle) return { applies: false, universal: false, total: 0, page, size, records: [] };
  return { applies: true, universal: Boolean(facts.vehicleUniversal), total, page, size, records: rows };
}
