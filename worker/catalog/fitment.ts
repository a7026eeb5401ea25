import type { FitmentAnswer, FitStatus } from '../../shared/fitment.ts';
import type { VehicleChoice } from '../vehicles/service.ts';

export type { VehicleChoice } from '../vehicles/service.ts';

/**
 * Fitment resolution (spec §3, §4; DOMAIN.md 'Fitment answers'): whether a part fits the
 * chosen vehicle, decided from the part's applications to that model year. Pure, no SQL.
 */

/** What the item itself says: universal parts fit everything, non-vehicle products have no fitment. */
export interface FitmentFacts {
  vehicleUniversal: boolean | number;
  nonVehicle: boolean | number;
  /** Applications in all model years; none means the part fits no vehicle. */
  applications: number;
}

/** One application of the item to a node of the chosen model year (the model year, a trim or an engine). */
export interface ApplicationRow {
  nodeId: number;
  nodeLevel: number;
  location: string | null;
  note: string | null;
  quantity: number;
}

/** A child of the deepest chosen node (a trim or an engine); a trim lists its engines' ids. */
export interface Configuration {
  id: number;
  level: number;
  engineIds?: readonly number[];
}

/** Everything one answer depends on. */
export interface FitmentInput {
  vehicle: VehicleChoice | null;
  item: FitmentFacts;
  /** The item's applications to the chosen model year only. */
  rows: readonly ApplicationRow[];
  /** The children of the deepest chosen node: the configurations the vehicle could still be. */
  configurations: readonly Configuration[];
}

const TRIM_LEVEL = 4;

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function answer(
  status: FitStatus,
  matched: readonly ApplicationRow[] = [],
  missingLevel?: 'trim' | 'engine',
): FitmentAnswer {
  const distinct = (values: (string | null)[]) => [
    ...new Set(values.filter((value): value is string => Boolean(value))),
  ];
  return {
    applies: true,
    status,
    ...(missingLevel && { missingLevel }),
    notes: distinct(matched.map((row) => row.note)),
    positions: distinct(matched.map((row) => row.location)),
  };
}

/** A configuration is fully covered by a row on it, or by rows on every one of its engines. */
function coverage(configuration: Configuration, rowsByNode: ReadonlyMap<number, ApplicationRow[]>) {
  const own = rowsByNode.get(configuration.id) ?? [];
  if (own.length > 0) return { full: true, rows: own };
  const engines = (configuration.engineIds ?? []).map((id) => rowsByNode.get(id) ?? []);
  return { full: engines.length > 0 && engines.every((rows) => rows.length > 0), rows: engines.flat() };
}

/** FIT, NOT_FIT, UNCERTAIN (with the level that would settle it) or EMPTY for one item and vehicle. */
export function resolveFitment({ vehicle, item, rows, configurations }: FitmentInput): FitmentAnswer {
  if (item.nonVehicle) return { ...answer('EMPTY'), applies: false };
  if (!vehicle) return answer('EMPTY');
  if (item.vehicleUniversal) return answer('FIT');
  if (item.applications === 0 || rows.length === 0) return answer('NOT_FIT');

  const rowsByNode = groupBy(rows, (row) => row.nodeId);
  // A row on the model year or on any chosen node covers every configuration below it.
  const chosen = [vehicle.modelNodeId, vehicle.trimNodeId, vehicle.engineNodeId].filter(
    (id): id is number => id !== undefined,
  );
  const direct = chosen.flatMap((id) => rowsByNode.get(id) ?? []);
  if (direct.length > 0) return answer('FIT', direct);
  if (vehicle.engineNodeId !== undefined) return answer('NOT_FIT');

  const covered = configurations.map((configuration) => coverage(configuration, rowsByNode));
  const matched = covered.flatMap((configuration) => configuration.rows);
  if (matched.length === 0) return answer('NOT_FIT');
  if (covered.every((configuration) => configuration.full)) return answer('FIT', matched);
  const asksTrim =
    vehicle.trimNodeId === undefined && configurations.some((configuration) => configuration.level === TRIM_LEVEL);
  return answer('UNCERTAIN', matched, asksTrim ? 'trim' : 'engine');
}

/** resolveFitment for many items and one vehicle: rows of all items together, answers by item id. */
export function resolveForItems(
  vehicle: VehicleChoice | null,
  items: readonly (FitmentFacts & { itemId: number })[],
  rows: readonly (ApplicationRow & { itemId: number })[],
  configurations: readonly Configuration[],
): Map<number, FitmentAnswer> {
  const rowsByItem = groupBy(rows, (row) => row.itemId);
  return new Map(
    items.map((item) => [
      item.itemId,
      resolveFitment({ vehicle, item, rows: rowsByItem.get(item.itemId) ?? [], configurations }),
    ]),
  );
}
