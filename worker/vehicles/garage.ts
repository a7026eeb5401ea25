import {
  LEVEL_NAMES,
  VEHICLE_REQUIRED_MESSAGE,
  type LevelName,
  type SavedVehicle,
  type Vehicle,
} from '../../shared/vehicle.ts';
import {
  GARAGE_FULL_MESSAGE,
  MAX_GARAGE_VEHICLES,
  garageRoom,
  vehicleOfPath,
  vehiclePathKind,
} from '../../shared/garage-rules.ts';
import { ApiError } from '../platform/api-error.ts';
import { garageRepository, type GaragePathNode } from './garage-repository.ts';
import { VEHICLE_NOT_FOUND } from './path.ts';
import { successorsOf } from './moves.ts';

/** The garage's messages. */
export const GARAGE_MSG = {
  vehicleNotFound: VEHICLE_NOT_FOUND,
  full: GARAGE_FULL_MESSAGE,
  noSuchVehicle: 'No such vehicle in your garage.',
  nothingToChange: 'Please choose a vehicle, or make this one your default.',
  alreadySaved: 'This vehicle is already in your garage.',
} as const;

/** A vehicle as a request names it: its deepest node id, or its levels by id (the §3 shapes). */
export interface VehicleInput {
  attributeValueId?: number;
  year?: { id: number };
  make?: { id: number };
  model?: { id: number };
  trim?: { id: number } | null;
  engine?: { id: number } | null;
}

/** Whether a request names a vehicle at all (rather than only a flag). */
export function namesVehicle(input: VehicleInput): boolean {
  return input.attributeValueId !== undefined || LEVEL_NAMES.some((name) => input[name] != null);
}

/** The deepest node a request names; VEHICLE_REQUIRED_MESSAGE without year, make and model. */
function deepestOf(input: VehicleInput): number {
  if (input.attributeValueId !== undefined) return input.attributeValueId;
  if (!input.year?.id || !input.make?.id || !input.model?.id) throw ApiError.badRequest(VEHICLE_REQUIRED_MESSAGE);
  return input.engine?.id ?? input.trim?.id ?? input.model.id;
}

/**
 * The vehicle a request names, from the node path of its deepest id: the path must hang together
 * and end at `startId` (shared/garage-rules.ts), and every level the request named must be the
 * node at that level on the path; a path that stops above the model asks for the model.
 */
export function requestedVehicle(startId: number, nodes: readonly GaragePathNode[], input: VehicleInput = {}): Vehicle {
  const notFound = () => ApiError.badRequest(GARAGE_MSG.vehicleNotFound);
  const kind = vehiclePathKind(nodes, startId);
  if (kind === 'invalid') throw notFound();
  const at: Partial<Record<LevelName, GaragePathNode>> = {};
  for (const node of nodes) at[LEVEL_NAMES[node.level - 1]!] = node;
  for (const name of LEVEL_NAMES) {
    const named = input[name]?.id;
    if (named !== undefined && named !== at[name]?.id) throw notFound();
  }
  if (kind === 'above-model') throw ApiError.badRequest(VEHICLE_REQUIRED_MESSAGE);
  const vehicle = vehicleOfPath(nodes);
  if (!vehicle) throw notFound();
  return vehicle;
}

function pathsByStart(nodes: readonly GaragePathNode[]): Map<number, GaragePathNode[]> {
  const paths = new Map<number, GaragePathNode[]>();
  for (const node of nodes) paths.set(node.startId, [...(paths.get(node.startId) ?? []), node]);
  return paths;
}

/**
 * The paths of saved node ids by start id, and the moves of the ids gone from the vehicle base
 * (moves.ts): a moved id's successor path is under the successor's id. Two queries more only
 * when some id has no path.
 */
async function savedPaths(db: D1Database, nodeIds: readonly number[]) {
  const repo = garageRepository(db);
  const paths = pathsByStart(await repo.paths(nodeIds));
  const moved = await successorsOf(
    db,
    nodeIds.filter((id) => !paths.has(id)),
  );
  if (moved.size > 0)
    for (const [id, path] of pathsByStart(await repo.paths([...new Set(moved.values())]))) paths.set(id, path);
  return { paths, moved };
}

type Resolved = { nodeId: number; vehicle: Vehicle; movedFrom?: number } | { problem: ApiError };

/**
 * Resolves several requested vehicles with one query (three when an id was moved); each is a
 * vehicle or the reason it is not. A moved id resolves to its successor, whatever old levels it names.
 */
async function resolveAll(db: D1Database, inputs: readonly VehicleInput[]): Promise<Resolved[]> {
  const deepest = inputs.map((input): number | ApiError => {
    try {
      return deepestOf(input);
    } catch (error) {
      return error as ApiError;
    }
  });
  const ids = [...new Set(deepest.filter((id): id is number => typeof id === 'number'))];
  const { paths, moved } = await savedPaths(db, ids);
  return inputs.map((input, index) => {
    const asked = deepest[index]!;
    if (asked instanceof ApiError) return { problem: asked };
    const nodeId = moved.get(asked) ?? asked;
    try {
      const vehicle = requestedVehicle(nodeId, paths.get(nodeId) ?? [], nodeId === asked ? input : {});
      return { nodeId, vehicle, ...(nodeId !== asked && { movedFrom: asked }) };
    } catch (error) {
      if (error instanceof ApiError) return { problem: error };
      throw error;
    }
  });
}

async function resolveOne(db: D1Database, input: VehicleInput): Promise<number> {
  const [resolved] = await resolveAll(db, [input]);
  if ('problem' in resolved!) throw resolved.problem;
  return resolved!.nodeId;
}

/** A saved vehicle as the garage answers it: movedFrom is the id it was saved on, when this read moved it. */
export type GarageVehicle = SavedVehicle & { id: number; movedFrom?: number };

/**
 * The member's garage as §3 saved vehicles: default first, newest next, one entry per id. Rows on
 * ids the vehicle base moved are rewritten to the successor here, once, and say so (movedFrom).
 */
export async function listGarage(db: D1Database, accountId: number): Promise<GarageVehicle[]> {
  const repo = garageRepository(db);
  let rows = await repo.list(accountId);
  const { paths, moved } = await savedPaths(db, [...new Set(rows.map((row) => row.attributeValueId))]);
  // Successor id → the old id it was saved on (when two merged into one, either).
  const movedFrom = new Map([...moved].map(([oldId, newId]) => [newId, oldId]));
  if (moved.size > 0) {
    await repo.follow(accountId, [...moved]);
    rows = await repo.list(accountId);
  }
  const byId = new Map<number, GarageVehicle>();
  let defaultSeen = false;
  for (const row of rows) {
    if (byId.has(row.id)) continue;
    let vehicle: Vehicle;
    try {
      vehicle = requestedVehicle(row.attributeValueId, paths.get(row.attributeValueId) ?? []);
    } catch {
      continue; // A node the catalog no longer has a valid path for is not shown.
    }
    const isDefault: boolean = row.isDefault === 1 && !defaultSeen;
    defaultSeen ||= isDefault;
    const from = movedFrom.get(row.attributeValueId);
    byId.set(row.id, {
      id: row.id,
      isDefault,
      attributeValueId: row.attributeValueId,
      ...vehicle,
      ...(from !== undefined && { movedFrom: from }),
    });
  }
  return [...byId.values()];
}

/**
 * Saves a vehicle and answers its id. One already saved is only made the default; a new one is
 * the default when asked or when it is the first; a full garage is a 400.
 */
export async function addToGarage(
  db: D1Database,
  accountId: number,
  input: VehicleInput,
  isDefault = false,
): Promise<number> {
  const nodeId = await resolveOne(db, input);
  const repo = garageRepository(db);
  const existing = await repo.byNode(accountId, nodeId);
  if (existing) {
    if (existing.isDefault !== 1) await repo.makeDefault(accountId, existing.id);
    return existing.id;
  }
  const [id] = await repo.add(accountId, [nodeId], isDefault ? nodeId : null, true, MAX_GARAGE_VEHICLES);
  if (id != null) return id;
  const raced = await repo.byNode(accountId, nodeId);
  if (raced) return raced.id;
  throw ApiError.badRequest(GARAGE_MSG.full);
}

/**
 * Changes a saved vehicle: makes it the default, and/or points it at another vehicle. Editing it
 * into a vehicle already saved keeps that one (answering its id) and drops this one.
 */
export async function editGarageVehicle(
  db: D1Database,
  accountId: number,
  id: number,
  input: VehicleInput,
  isDefault: boolean,
): Promise<number> {
  const repo = garageRepository(db);
  const row = await repo.byId(accountId, id);
  if (!row) throw ApiError.notFound(GARAGE_MSG.noSuchVehicle);
  if (!namesVehicle(input)) {
    if (!isDefault) throw ApiError.badRequest(GARAGE_MSG.nothingToChange);
    if (row.isDefault !== 1) await repo.makeDefault(accountId, id);
    return id;
  }
  const nodeId = await resolveOne(db, input);
  if (nodeId !== row.attributeValueId) {
    const other = await repo.byNode(accountId, nodeId);
    if (other) {
      await repo.merge(accountId, id, other.id, isDefault || row.isDefault === 1);
      return other.id;
    }
    if (!(await repo.move(accountId, id, nodeId))) throw ApiError.badRequest(GARAGE_MSG.alreadySaved);
  }
  if (isDefault && row.isDefault !== 1) await repo.makeDefault(accountId, id);
  return id;
}

/** Deletes a saved vehicle; the newest one left becomes the default. 404 when it is not theirs. */
export async function removeFromGarage(db: D1Database, accountId: number, id: number): Promise<void> {
  if (!(await garageRepository(db).remove(accountId, id))) throw ApiError.notFound(GARAGE_MSG.noSuchVehicle);
}

/** Empties the member's garage. */
export async function clearGarage(db: D1Database, accountId: number): Promise<void> {
  await garageRepository(db).clear(accountId);
}

/**
 * Merges a visitor's local garage (newest first) into the member's on sign-in: by vehicle node,
 * up to the limit; vehicles that no longer resolve are skipped. The server's default stays unless
 * the server garage was empty, when the local default (else the newest) takes it.
 */
export async function mergeLocalGarage(
  db: D1Database,
  accountId: number,
  vehicles: readonly (VehicleInput & { isDefault?: boolean })[],
): Promise<GarageVehicle[]> {
  const repo = garageRepository(db);
  const saved = await repo.list(accountId);
  const resolved = await resolveAll(db, vehicles);
  const valid = resolved.flatMap((item, index) =>
    'nodeId' in item ? [{ nodeId: item.nodeId, isDefault: vehicles[index]!.isDefault === true }] : [],
  );
  const known = new Set(saved.map((row) => row.attributeValueId));
  const fresh = [...new Set(valid.map((item) => item.nodeId))]
    .filter((nodeId) => !known.has(nodeId))
    .slice(0, garageRoom(saved.length));
  const defaultNode =
    saved.length === 0 ? (valid.find((item) => item.isDefault)?.nodeId ?? valid[0]?.nodeId ?? null) : null;
  // Oldest first, so the newest local vehicle gets the newest row.
  if (fresh.length > 0) await repo.add(accountId, fresh.reverse(), defaultNode, false, MAX_GARAGE_VEHICLES);
  // A local vehicle on a moved id says so too, so the browser's current vehicle can follow it.
  const movedTo = new Map<number, number>();
  for (const item of resolved)
    if ('nodeId' in item && item.movedFrom !== undefined) movedTo.set(item.nodeId, item.movedFrom);
  return (await listGarage(db, accountId)).map((saved) => {
    const from = saved.movedFrom ?? movedTo.get(saved.attributeValueId);
    return from === undefined ? saved : { ...saved, movedFrom: from };
  });
}
