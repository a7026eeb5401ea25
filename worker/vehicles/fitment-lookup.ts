import type { FitmentAnswer } from '../../shared/fitment.ts';
import { vehiclePathKind } from '../../shared/garage-rules.ts';
import { fitmentForItemsStatements, fitmentTableOfItem, itemIdOfSku } from '../catalog/service.ts';
import { vehicleRepository } from './repository.ts';
import { resolveForItems, type VehicleChoice } from './fitment.ts';
import { currentPath } from './moves.ts';

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
  const fitment = fitmentForItemsStatements(db, itemIds, vehicle?.modelNodeId ?? -1);
  const configurations = vehicleRepository(db).configurationsStatement(deepest);
  const [rows, facts, children] = await db.batch([...fitment.statements, configurations.statement]);
  const loaded = fitment.read(rows!, facts!);
  return resolveForItems(vehicle, loaded.facts, loaded.rows, configurations.read(children!));
}

/** A chosen vehicle with the ids of its whole path, year first. */
export type VehiclePath = VehicleChoice & {
  nodeIds: number[] /** 'Year Make Model', as the badges say it. */;
  name: string;
  /** The id asked for, when the vehicle base moved it to this vehicle (moves.ts). */
  movedFrom?: number;
};

/**
 * The vehicle a saved attributeValueId (its deepest node) stands for, following the move of an id
 * the vehicle base no longer has; null when unknown or not a model year, trim or engine
 * (shared/garage-rules.ts says which paths are vehicles).
 */
export async function vehiclePath(db: D1Database, attributeValueId: number): Promise<VehiclePath | null> {
  const { nodeId, path } = await currentPath(db, attributeValueId);
  if (vehiclePathKind(path, nodeId) !== 'vehicle') return null;
  const at = (level: number) => path.find((node) => node.level === level)?.id;
  const [trimNodeId, engineNodeId] = [at(4), at(5)];
  return {
    modelNodeId: at(3)!,
    ...(trimNodeId !== undefined && { trimNodeId }),
    ...(engineNodeId !== undefined && { engineNodeId }),
    nodeIds: path.map((node) => node.id),
    name: path
      .filter((node) => node.level <= 3)
      .map((node) => node.text)
      .join(' '),
    ...(nodeId !== attributeValueId && { movedFrom: attributeValueId }),
  };
}

/** The item an item id or a SKU id names (the item id wins); null for an unknown SKU. */
export async function itemIdOf(db: D1Database, ids: { itemId?: number; skuId?: number }): Promise<number | null> {
  if (ids.itemId !== undefined) return ids.itemId;
  if (ids.skuId === undefined) return null;
  return itemIdOfSku(db, ids.skuId);
}

/**
 * One page of the vehicles an item fits (§3 fitment table); null for an unknown item.
 * Non-vehicle products have no table (applies false); universal ones say so.
 */
export async function fitmentTable(db: D1Database, itemId: number, page: number, size: number) {
  const { facts, total, rows } = await fitmentTableOfItem(db, itemId, page, size);
  if (!facts) return null;
  if (facts.nonVehicle) return { applies: false, universal: false, total: 0, page, size, records: [] };
  return { applies: true, universal: Boolean(facts.vehicleUniversal), total, page, size, records: rows };
}
