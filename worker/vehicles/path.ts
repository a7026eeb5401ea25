import { vehiclePathKind } from '../../shared/garage-rules.ts';
import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { currentPath } from './moves.ts';
import { vehicleRepository } from './repository.ts';

/** The answer for a vehicle path that leads nowhere (a stale link, a node that moved away). */
export const VEHICLE_NOT_FOUND = 'This vehicle could not be found. Please choose it again.';

/** A chosen vehicle's path through the vehicle base, as fitment is answered for it. */

/** The chosen vehicle as vehicle-node ids: the model year, and the trim and engine when chosen. */
export interface VehicleChoice {
  modelNodeId: number;
  trimNodeId?: number;
  engineNodeId?: number;
}

/** A chosen vehicle with the ids of its whole path, year first. */
export type VehiclePath = VehicleChoice & {
  nodeIds: number[] /** 'Year Make Model', as the badges say it. */;
  name: string;
  /** The vehicle's model year (emissions rules depend on it). */
  modelYear: number | null;
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
    modelYear: Number(path.find((node) => node.level === 1)?.text) || null,
    ...(nodeId !== attributeValueId && { movedFrom: attributeValueId }),
  };
}

/**
 * The configurations under a vehicle node (a model year's or trim's children, with their engines),
 * read along in a caller's unit of work (the fitment lookup's one round trip).
 */
export function configurationsAlong(work: UnitOfWork, nodeId: number) {
  const { statement, read } = vehicleRepository(work.db).configurationsStatement(nodeId);
  return work.along(statement, read);
}
