/**
 * The garage rules of §4, written once: the browser's store and the server's garage both import
 * them. Pure, no I/O.
 */
import type { Vehicle, VehicleAttribute } from './vehicle.ts';

/** A garage holds at most this many vehicles. */
export const MAX_GARAGE_VEHICLES = 30;

/** The message when the garage is full. */
export const GARAGE_FULL_MESSAGE = `Your garage is full (${MAX_GARAGE_VEHICLES} vehicles). Remove one to add another.`;

/** Whether a garage holding `count` vehicles can take no more. */
export function isGarageFull(count: number): boolean {
  return count >= MAX_GARAGE_VEHICLES;
}

/** How many more vehicles a garage holding `count` can take. */
export function garageRoom(count: number): number {
  return Math.max(0, MAX_GARAGE_VEHICLES - count);
}

/** Two saved vehicles are the same vehicle when they stand for the same deepest node. */
export function isSameGarageVehicle(a: { attributeValueId: number }, b: { attributeValueId: number }): boolean {
  return a.attributeValueId === b.attributeValueId;
}

/** One vehicle node on a path: its level (Year=1 ... Engine=5) and its parent. */
export interface VehiclePathNode {
  id: number;
  level: number;
  parentId: number | null;
}

/** The level chains a vehicle can be: a model year, with a trim, with a trim and engine, or with an engine only. */
const VEHICLE_CHAINS = new Set(['1,2,3', '1,2,3,4', '1,2,3,4,5', '1,2,3,5']);
/** Chains that stop above the model: a year, or a year and make. */
const ABOVE_MODEL_CHAINS = new Set(['1', '1,2']);

/**
 * What a chain of levels (year first) is: a vehicle (Year -> Make -> Model (-> Trim) (-> Engine)),
 * a start that stops above the model (a year, or a year and make), or no vehicle at all.
 */
export function vehicleChainKind(levels: readonly number[]): 'vehicle' | 'above-model' | 'invalid' {
  const chain = levels.join();
  if (VEHICLE_CHAINS.has(chain)) return 'vehicle';
  return ABOVE_MODEL_CHAINS.has(chain) ? 'above-model' : 'invalid';
}

/** Whether nodes (root first) each hang from the one before, the first from nothing. */
export function isLinkedPath(nodes: readonly VehiclePathNode[]): boolean {
  return nodes.every((node, index) => node.parentId === (index === 0 ? null : nodes[index - 1]!.id));
}

/**
 * What a node path (root first) ending at `endId` is: a vehicle, a linked start that stops above
 * the model, or no vehicle (unlinked, ending elsewhere, or with levels out of order).
 */
export function vehiclePathKind(
  nodes: readonly VehiclePathNode[],
  endId: number,
): 'vehicle' | 'above-model' | 'invalid' {
  if (!isLinkedPath(nodes) || nodes.at(-1)?.id !== endId) return 'invalid';
  return vehicleChainKind(nodes.map((node) => node.level));
}

/** A node of a path with what it shows: the vehicle's attribute at its level. */
export interface NamedVehicleNode {
  id: number;
  level: number;
  value: string;
  text: string;
}

/** A node as the vehicle attribute it shows. */
export const vehicleAttribute = (node: Omit<NamedVehicleNode, 'level'>): VehicleAttribute => ({
  id: node.id,
  value: node.value,
  text: node.text,
});

/**
 * The vehicle a node path (year first) stands for; null unless its levels run
 * Year -> Make -> Model (-> Trim) (-> Engine). Whether the nodes hang from each other is
 * vehiclePathKind's question, asked first where the path comes from a request.
 */
export function vehicleOfPath(path: readonly NamedVehicleNode[]): Vehicle | null {
  if (vehicleChainKind(path.map((node) => node.level)) !== 'vehicle') return null;
  type Chain = readonly [NamedVehicleNode, NamedVehicleNode, NamedVehicleNode, ...NamedVehicleNode[]];
  const [year, make, model, ...rest] = path as Chain;
  const trim = rest.find((node) => node.level === 4);
  const engine = rest.find((node) => node.level === 5);
  return {
    year: vehicleAttribute(year),
    make: vehicleAttribute(make),
    model: vehicleAttribute(model),
    trim: trim ? vehicleAttribute(trim) : null,
    engine: engine ? vehicleAttribute(engine) : null,
  };
}
