import type { SearchRecord } from '../../shared/catalog-types.ts';
import type { MarketId } from '../../shared/markets.ts';
import { emissionsOf, type EmissionsFacts, type EmissionsKind } from '../../shared/regulated-parts.ts';
import { hazmatOf, sizeClassOf, type HazmatClass, type SizeClass } from '../../shared/shipping-limits.ts';
import { fittingNodeIds } from '../vehicles/service.ts';
import { browseRepository } from './browse-repository.ts';
import { toCard } from './browse.ts';
import { regulatedRepository } from './regulated-repository.ts';

/** How many legal alternatives a refused part offers. */
const ALTERNATIVES = 3;

/**
 * The legal alternatives to an emissions part a ship-to state refuses (issue 40): the same kind of
 * part, in the same category, 50-state legal (a CARB EO number), buyable in the market and fitting
 * the shopper's vehicle. None without a vehicle: "fits" needs one.
 */
export async function legalAlternatives(
  db: D1Database,
  market: MarketId,
  of: { itemId: number; backCategoryId: number; kind: EmissionsKind },
  vehicleId: number | null,
): Promise<SearchRecord[]> {
  if (vehicleId === null) return [];
  const nodeIds = await fittingNodeIds(db, vehicleId);
  if (!nodeIds || nodeIds.length === 0) return [];
  const ids = await regulatedRepository(db).fiftyStateFitting(market, of, nodeIds, ALTERNATIVES);
  if (ids.length === 0) return [];
  const cards = new Map((await browseRepository(db).cardsByIds(ids, market)).map((row) => [row.itemId, row]));
  return ids.flatMap((id) => (cards.has(id) ? [toCard(market)(cards.get(id)!)] : []));
}

/** The emissions parts among items, by item id (other items are left out). */
export async function emissionsOfItems(
  db: D1Database,
  itemIds: readonly number[],
): Promise<Map<number, EmissionsFacts>> {
  if (itemIds.length === 0) return new Map();
  const rows = await regulatedRepository(db).emissionsOf(itemIds);
  return new Map(rows.flatMap((row) => (emissionsOf(row) ? [[row.itemId, emissionsOf(row)!] as const] : [])));
}

/** The hazardous and size classes of items (issue 40 item 4), by item id (ordinary parcels are left out). */
export async function shippingClassesOfItems(
  db: D1Database,
  itemIds: readonly number[],
): Promise<Map<number, { hazmat: HazmatClass | null; sizeClass: SizeClass | null }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await regulatedRepository(db).shippingClassesOf(itemIds);
  return new Map(
    rows.map((row) => [row.itemId, { hazmat: hazmatOf(row.hazmatClass), sizeClass: sizeClassOf(row.sizeClass) }]),
  );
}
